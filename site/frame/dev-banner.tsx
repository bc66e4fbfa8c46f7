/** The notice that the site is being built and more is coming. */
export function DevBanner({ text }: { text: string }) {
  return (
    <div className="dev-banner" role="note">
      <p>{text}</p>
    </div>
  );
}
