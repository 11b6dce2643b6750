export function PageHero({ title, intro }: { title: string; intro: string }) {
  return (
    <section>
      <h1>{title}</h1>
      <p>{intro}</p>
    </section>
  );
}
