/** Product rules, States: above 0 'En stock (n disponibles)', otherwise 'Rupture de stock'. */
export function ProductStock({ stock }: { stock: number }) {
  return stock > 0 ? (
    <p className="stock stock-in">En stock ({stock} disponibles)</p>
  ) : (
    <p className="stock stock-out">Rupture de stock</p>
  );
}
