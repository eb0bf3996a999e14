import { describe, expect, it } from 'vitest';
import { addToCart, cartTotalCents, lineKey, quantityOf, setQuantity, type AddToCart } from './cart';

const mug: AddToCart = {
  product: { id: 'mug', name: 'Mug', printful_variant_id: 1320, final_price: 19.99 },
  quantity: 1,
  transformationId: 't1',
  artworkUrl: '/files/artworks/t1.jpg',
  mockupUrls: ['/files/mockups/t1/1320-front.jpg'],
};
const poster: AddToCart = {
  ...mug,
  product: { id: 'poster', name: 'Poster', printful_variant_id: 1, final_price: 34.5 },
};

describe('cart rules (storefront §4 Cart)', () => {
  it('adds a new product as a line', () => expect(addToCart([], mug)).toHaveLength(1));
  it('increases the quantity when the product is already in the cart', () => {
    const lines = addToCart(addToCart([], mug), { ...mug, quantity: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(3);
  });
  it('removes the line when a change makes the quantity 0 or less', () => {
    const lines = addToCart(addToCart([], mug), poster);
    expect(setQuantity(lines, 'mug:t1', 0).map((l) => l.productId)).toEqual(['poster']);
    expect(setQuantity(lines, 'poster:t1', -3).map((l) => l.productId)).toEqual(['mug']);
  });
  it('ignores an add of 0', () => expect(addToCart([], { ...mug, quantity: 0 })).toEqual([]));
  it('totals unit price × quantity in cents, without float drift', () => {
    const lines = setQuantity(addToCart(addToCart([], mug), poster), 'mug:t1', 3);
    expect(cartTotalCents(lines)).toBe(1999 * 3 + 3450);
  });
  it('keeps one line per product and artwork: a second artwork never re-prints the first (issue 17, fault 2)', () => {
    const watercolour = { ...mug, quantity: 3 };
    const popArt = {
      ...mug,
      transformationId: 't2',
      artworkUrl: '/files/artworks/t2.jpg',
      mockupUrls: ['/files/mockups/t2/1320-front.jpg'],
    };
    const lines = addToCart(addToCart([], watercolour), popArt);
    expect(lines.map((line) => [line.transformationId, line.quantity, line.artworkUrl])).toEqual([
      ['t1', 3, '/files/artworks/t1.jpg'],
      ['t2', 1, '/files/artworks/t2.jpg'],
    ]);
    expect(quantityOf(lines, 'mug', 't1')).toBe(3);
    expect(quantityOf(lines, 'mug', 't2')).toBe(1);
    expect(setQuantity(lines, lineKey(lines[1]!), 0).map((line) => line.transformationId)).toEqual(['t1']);
    expect(cartTotalCents(lines)).toBe(1999 * 4);
  });
});

describe('the line keeps the visitor’s fill or fit (issue 37)', () => {
  const product = { id: 'p1', name: 'Poster', printful_variant_id: 1, final_price: 30 };
  const item = (fit?: 'fill' | 'fit'): AddToCart => ({
    product,
    quantity: 1,
    transformationId: 't1',
    artworkUrl: '/a.jpg',
    mockupUrls: [`/m-${fit ?? 'default'}.jpg`],
    ...(fit ? { fit } : {}),
  });

  it('stores the choice with the line', () => {
    expect(addToCart([], item('fit'))[0]).toMatchObject({ fit: 'fit', mockupUrls: ['/m-fit.jpg'] });
    expect(addToCart([], item())[0]!.fit).toBeUndefined();
  });

  it('a later choice for the same product and artwork replaces it, with its mockups', () => {
    const lines = addToCart(addToCart([], item('fit')), item('fill'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 2, fit: 'fill', mockupUrls: ['/m-fill.jpg'] });
  });
});
