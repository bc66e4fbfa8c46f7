/** The notice that the site is being built and more is coming. */
export function DevBanner({ text }: { text: string }) {
  return (
    <aside className="dev-banner" aria-label="Om nettsidene">
      <p>{text}</p>
    </aside>
  );
}
