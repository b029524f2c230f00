import type { Order } from '@shop/shared';
import { ProductImage } from '../../../components/product-image';
import styles from './orders.module.css';

/** The product cell of an order row: its small picture and name, as they were when ordered. */
export function OrderProduct({ order }: { order: Pick<Order, 'img' | 'productName'> }) {
  return (
    <div className={styles.product}>
      <ProductImage
        src={order.img}
        // The name follows as text: the picture adds nothing for a screen reader.
        alt=""
        width={56}
        height={42}
        loading="lazy"
        className={styles.productImage}
      />
      <span className={styles.productName}>{order.productName}</span>
    </div>
  );
}
