/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Mon Profil</h1>
    </section>
  );
}
