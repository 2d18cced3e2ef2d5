/**
 * A single sign-on provider of either protocol: its name, what it is, the values to enter on the
 * provider's side, and removing it.
 */
export function ProviderCard({
  id,
  label,
  summary,
  facts,
  removing,
  onRemove,
}: {
  id: string;
  label: string;
  summary: string;
  facts: readonly (readonly [name: string, value: string])[];
  removing: boolean;
  onRemove: () => void;
}) {
  return (
    <section className="card" aria-labelledby={`provider-${id}`}>
      <h3 id={`provider-${id}`}>{label}</h3>
      <p className="muted">{summary}</p>
      <dl className="facts">
        {facts.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" disabled={removing} aria-label={`Remove ${label}`} onClick={onRemove}>
        Remove
      </button>
    </section>
  );
}
