import {
  COMPANY_WEBHOOK_EVENTS,
  WEBHOOK_EVENTS,
  webhookInputSchema,
  type WebhookCreated,
  type WebhookEvent,
} from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import styles from '../../../components/ui/form-panel.module.css';
import { TextField } from '../../../components/ui/text-field';
import { useCreateWebhook } from '../api/webhooks';

/** What each event tells, for the form's checkboxes. */
export const webhookEventLabels: Record<WebhookEvent, string> = {
  'purchase.created': 'A purchase is placed',
  'purchase.approved': 'A purchase waiting for approval is approved',
  'purchase.paid': 'A purchase is paid in full',
  'purchase.shipped': 'A parcel of a purchase ships',
  'invoice.issued': 'An invoice is issued',
  'invoice.overdue': 'An invoice on account falls overdue',
  'quote.offered': 'We make an offer on a quote',
  'product.updated': 'A product is added or changed',
  'stock.low': 'A product falls to its low-stock threshold',
};

/** The signing secret of the subscription just made, shown this once. */
function NewSecret({ created, onDone }: { created: WebhookCreated; onDone: () => void }) {
  return (
    <Alert severity="success" role="status" title={`Webhook for ${created.url} made`}>
      <p>
        Each delivery is signed with this secret (the Webhook-Signature header): keep it where your
        receiver checks signatures. It is not shown again.
      </p>
      <code className={styles.secret} data-testid="webhook-secret">
        {created.secret}
      </code>
      <span className={styles.actions}>
        <Button onClick={onDone}>Done</Button>
      </span>
    </Alert>
  );
}

/**
 * Subscribes a URL to events (POST /webhooks), checked with the server's rules; the server
 * refuses private addresses. The secret the answer carries is shown once, until "Done".
 */
export function WebhookForm({ isAdmin }: { isAdmin: boolean }) {
  // A company hears of its own business and the catalogue; the shop's stock is the admin's.
  const offered = isAdmin ? WEBHOOK_EVENTS : COMPANY_WEBHOOK_EVENTS;
  const headingId = useId();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [problem, setProblem] = useState<string>();
  const [created, setCreated] = useState<WebhookCreated | null>(null);

  const toggle = (event: WebhookEvent) =>
    setEvents((chosen) =>
      chosen.includes(event) ? chosen.filter((e) => e !== event) : [...chosen, event],
    );
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const body = { url, events: offered.filter((event) => events.includes(event)) };
    const parsed = webhookInputSchema.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    create.mutate(parsed.data, {
      onSuccess: (hook) => {
        setCreated(hook);
        setUrl('');
        setEvents([]);
      },
    });
  };

  if (created) {
    const done = () => {
      setCreated(null);
      create.reset();
    };
    return <NewSecret created={created} onDone={done} />;
  }
  const shown = problem ?? create.error?.message;
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.heading}>
        Add a webhook
      </h2>
      <TextField
        label="URL"
        type="url"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        helperText="Where your system receives events, for example https://erp.example.com/hooks/shop."
        fullWidth
      />
      <fieldset className={styles.scopes}>
        <legend>Send when</legend>
        {offered.map((event) => (
          <label key={event} className={styles.checkbox}>
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={() => toggle(event)}
            />
            <span>
              {webhookEventLabels[event]} <span className={styles.scopeName}>{event}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {shown && <Alert severity="error">{shown}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" variant="contained" loading={create.isPending}>
          Add webhook
        </Button>
      </div>
    </form>
  );
}
