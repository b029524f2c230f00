import {
  API_KEY_SCOPES,
  apiKeyInputSchema,
  apiKeyScopeLabels,
  COMPANY_KEY_SCOPES,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useCreateApiKey } from '../api/api-keys';
import styles from '../../../components/ui/form-panel.module.css';

interface ApiKeyFormProps {
  /** The shop's admin: every scope; a company's owner: the company's buying. */
  isAdmin: boolean;
}

/** The secret of the key just made, with the warning that it is shown this once. */
function NewSecret({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard
      ?.writeText(created.secret)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  return (
    <Alert severity="success" role="status" title={`Key "${created.name}" made`}>
      <p>Copy the secret now and keep it where your program reads it: it is not shown again.</p>
      <code className={styles.secret} data-testid="api-key-secret">
        {created.secret}
      </code>
      <span className={styles.actions}>
        <Button variant="outlined" onClick={copy}>
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button onClick={onDone}>Done</Button>
      </span>
    </Alert>
  );
}

/**
 * Makes a key (POST /api-keys): a name saying what uses it and the scopes it may use, checked
 * with the server's rules. The secret the answer carries is shown once, until "Done".
 */
export function ApiKeyForm({ isAdmin }: ApiKeyFormProps) {
  const headingId = useId();
  const create = useCreateApiKey();
  const offered = isAdmin ? API_KEY_SCOPES : COMPANY_KEY_SCOPES;
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [problem, setProblem] = useState<string>();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const toggle = (scope: ApiKeyScope) =>
    setScopes((chosen) =>
      chosen.includes(scope) ? chosen.filter((s) => s !== scope) : [...chosen, scope],
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // In the order the list shows them, whatever order they were ticked in.
    const body = { name, scopes: offered.filter((scope) => scopes.includes(scope)) };
    const parsed = apiKeyInputSchema.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    create.mutate(parsed.data, {
      onSuccess: (key) => {
        setCreated(key);
        setName('');
        setScopes([]);
      },
    });
  };

  if (created) {
    const done = () => {
      setCreated(null);
      // Forgets the answer, and with it the secret, in the mutation too.
      create.reset();
    };
    return <NewSecret created={created} onDone={done} />;
  }
  const shown = problem ?? create.error?.message;
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.heading}>
        Make a key
      </h2>
      <TextField
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        helperText={
          isAdmin ? 'What uses it, for example "SAP ERP".' : 'What uses it, for example "Coupa".'
        }
        fullWidth
      />
      <fieldset className={styles.scopes}>
        <legend>It may</legend>
        {offered.map((scope) => (
          <label key={scope} className={styles.checkbox}>
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={() => toggle(scope)}
            />
            <span>
              {apiKeyScopeLabels[scope]} <span className={styles.scopeName}>{scope}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {shown && <Alert severity="error">{shown}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" variant="contained" loading={create.isPending}>
          Make key
        </Button>
      </div>
    </form>
  );
}
