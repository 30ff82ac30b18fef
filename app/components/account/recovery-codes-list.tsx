/** New recovery codes, on the one page that shows them. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <div className="recovery-codes" role="region" aria-labelledby="recovery-codes-heading">
      <h3 id="recovery-codes-heading">Recovery codes</h3>
      <p className="recovery-codes__lede">
        Each works once, in place of a code from the app. Keep them somewhere safe: this page shows them only now.
      </p>
      <ol className="recovery-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}
