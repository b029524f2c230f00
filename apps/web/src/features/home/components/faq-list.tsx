import { Icon } from '../../../components/ui/icon';
import { expandMore } from '../../../components/ui/icons';
import styles from './faq-list.module.css';

const faqs = [
  {
    id: 'bulk',
    question: 'How does bulk ordering work, and what is the minimum order quantity?',
    answer: [
      'Every product has its own minimum order quantity, shown on its card as "Minimum order". It reflects how the part is packed and produced: small parts such as memory modules ship by the tray, larger ones such as power supplies or cases by the carton.',
      'Choose a product, press Buy Now, and enter any quantity from the minimum up to the stock shown as "Available". The order total is simply the quantity times the price per piece. Stock for your order is reserved the moment you place it.',
    ],
  },
  {
    id: 'payment',
    question: 'How do I pay for an order?',
    answer: [
      'You pay online by credit or debit card. After placing an order you will find it under My Orders in your dashboard, with a Pay button next to it. Card details go straight to our payment provider and are never stored on our servers.',
      'An unpaid order can still be cancelled from My Orders. Once payment is complete, the order moves to our warehouse team for shipping.',
    ],
  },
  {
    id: 'shipping',
    question: 'Do you ship worldwide?',
    answer: [
      'Yes. We ship to businesses in almost every country, by air freight for urgent orders and by sea freight for large volumes. Orders leave our warehouse once payment is confirmed, and their status in your dashboard changes to Shipping.',
      'Parts travel in anti-static, shock-resistant packaging on sealed pallets. Import duties and local taxes are paid by the receiving business unless agreed otherwise.',
    ],
  },
];

/**
 * The three questions of the FAQ section, each a <details>: the browser opens and closes it, with
 * no script, and tells assistive technology whether it is expanded.
 */
export function FaqList() {
  return (
    <div className={styles.list}>
      {faqs.map((faq) => (
        <details key={faq.id} className={styles.item}>
          <summary className={styles.summary}>
            <h3 className={styles.question}>{faq.question}</h3>
            <span className={styles.chevron}>
              <Icon path={expandMore} />
            </span>
          </summary>
          <div className={styles.answer}>
            {faq.answer.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
