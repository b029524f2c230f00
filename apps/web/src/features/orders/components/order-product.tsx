import type { Order } from '@shop/shared';
import styles from './orders.module.css';

/** The product cell of an order row: its small picture and name, as they were when ordered. */
export function OrderProduct({ order }: { order: Pick<Order, 'img' | 'productName'> }) {
  return (
    <div className={styles.product}>
      <img
        src={order.img}
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
