// The head of a listing page: its title (the page's one h1) and a lede, when there is one.

export function ListingHeader({ title, lede }: { title: string; lede?: string | null }) {
  return (
    <header className="listing__header">
      <h1 className="display">{title}</h1>
      {lede ? <p className="lede">{lede}</p> : null}
    </header>
  );
}
