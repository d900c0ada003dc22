export function AuthHero({ title, text }: { title: string; text: string }) {
  return (
    <div className="kj-auth__hero">
      <span className="kj-auth__balls" aria-hidden="true">
        <span style={{ background: '#df0000' }} />
        <span style={{ background: '#0000f4' }} />
        <span style={{ background: '#43962a' }} />
      </span>
      <p className="kj-auth__welcome">{title}</p>
      <p>{text}</p>
    </div>
  );
}
