import { describe, expect, it } from 'vitest';
import { addToCart, cartTotalCents, setQuantity, type AddToCart } from './cart';

const mug: AddToCart = {
  product: { id: 'mug', name: 'Mug', printful_variant_id: 1320, final_price: 19.99 },
  quantity: 1,
  transformationId: 't1',
  artworkUrl: '/files/artworks/t1.jpg',
  mockupUrls: ['/files/mockups/t1/1320-front.jpg'],
};
const poster: AddToCart = { ...mug, product: { id: 'poster', name: 'Poster', printful_variant_id: 1, final_price: 34.5 } };

describe('cart rules (storefront §4 Cart)', () => {
  it('adds a new product as a line', () => expect(addToCart([], mug)).toHaveLength(1));
  it('increases the quantity when the product is already in the cart', () => {
    const lines = addToCart(addToCart([], mug), { ...mug, quantity: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(3);
  });
  it('removes the line when a change makes the quantity 0 or less', () => {
    const lines = addToCart(addToCart([], mug), poster);
    expect(setQuantity(lines, 'mug', 0).map((l) => l.productId)).toEqual(['poster']);
    expect(setQuantity(lines, 'poster', -3).map((l) => l.productId)).toEqual(['mug']);
  });
  it('ignores an add of 0', () => expect(addToCart([], { ...mug, quantity: 0 })).toEqual([]));
  it('totals unit price × quantity in cents, without float drift', () => {
    const lines = setQuantity(addToCart(addToCart([], mug), poster), 'mug', 3);
    expect(cartTotalCents(lines)).toBe(1999 * 3 + 3450);
  });
});
