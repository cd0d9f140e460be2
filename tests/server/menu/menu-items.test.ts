import { describe, expect, it } from 'vitest';
import { menuAppWithOwnerForFile } from './menu-helpers';

const { api, owner } = menuAppWithOwnerForFile('items-owner@example.com');

async function category(name: string, pricedBy: 'none' | 'size' | 'weight') {
  const created = (await api.post('/categories/', owner, { name })).body;
  await api.post('/categories/detail/', owner, { category_id: created.id, priced_by: pricedBy });
  return created.id as number;
}

describe('menu items', () => {
  it('creates a dish with one price, reads, updates, lists by category and deletes it', async () => {
    const salads = await category('Salads', 'none');
    const created = await api.post('/menu-items/', owner, { category_id: salads, name: ' Greek ', description: 'Feta', price: 8.9 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      category_id: salads,
      name: 'Greek',
      description: 'Feta',
      price: 8.9,
      prices: [],
      image_url: null,
      available: true,
    });
    // A price of 0 the owner gives is a free dish.
    const free = await api.post('/menu-items/', owner, { category_id: salads, name: 'Side salad', price: 0 });
    expect(free.body.price).toBe(0);
    expect((await api.get(`/menu-items/${created.body.id}/`, owner)).body).toEqual(created.body);

    const updated = await api.patch(`/menu-items/${created.body.id}/`, owner, { available: false, price: 9.5, image_url: '/uploads/greek.jpg' });
    expect(updated.body).toMatchObject({ available: false, price: 9.5, image_url: '/uploads/greek.jpg', name: 'Greek' });

    const listed = await api.get(`/menu-items/?category_id=${salads}&ordering=-price`, owner);
    expect(listed.body.results.map((i: { name: string }) => i.name)).toEqual(['Greek', 'Side salad']);
    expect((await api.get(`/menu-items/?category_id=${salads}&available=false`, owner)).body.count).toBe(1);
    expect((await api.get('/menu-items/?search=feta', owner)).body.results.map((i: { id: number }) => i.id)).toEqual([created.body.id]);
    expect((await api.get('/menu-items/?available=maybe', owner)).status).toBe(400);

    expect((await api.delete(`/menu-items/${created.body.id}/`, owner)).status).toBe(204);
    expect((await api.get(`/menu-items/${created.body.id}/`, owner)).status).toBe(404);
  });

  it('prices a dish per size when its category is priced by size, only with that category’s sizes', async () => {
    const pizza = await category('Pizza', 'size');
    const small = (await api.post('/categories/sizes/', owner, { category_id: pizza, name: 'Small' })).body;
    const large = (await api.post('/categories/sizes/', owner, { category_id: pizza, name: 'Large' })).body;
    const otherCategory = await category('Calzone', 'size');
    const foreignSize = (await api.post('/categories/sizes/', owner, { category_id: otherCategory, name: 'One' })).body;

    const created = await api.post('/menu-items/', owner, {
      category_id: pizza,
      name: 'Margherita',
      prices: [
        { size_id: large.id, price: 12 },
        { size_id: small.id, price: 8.5 },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.price).toBeNull();
    expect(created.body.prices).toEqual([
      { size_id: small.id, price: 8.5 },
      { size_id: large.id, price: 12 },
    ]);

    const wrongSize = await api.post('/menu-items/', owner, { category_id: pizza, name: 'Bad', prices: [{ size_id: foreignSize.id, price: 1 }] });
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.fields).toEqual({ prices: `Size ${foreignSize.id} is not a size of this category.` });
    const single = await api.post('/menu-items/', owner, { category_id: pizza, name: 'Bad', price: 5 });
    expect(single.status).toBe(400);
    expect(Object.keys(single.body.fields)).toEqual(['price']);
    const twice = await api.post('/menu-items/', owner, {
      category_id: pizza,
      name: 'Bad',
      prices: [
        { size_id: small.id, price: 1 },
        { size_id: small.id, price: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await api.get(`/menu-items/?category_id=${pizza}`, owner)).body.count).toBe(1);

    const repriced = await api.patch(`/menu-items/${created.body.id}/`, owner, { prices: [{ size_id: small.id, price: 9 }] });
    expect(repriced.body.prices).toEqual([{ size_id: small.id, price: 9 }]);
    // Deleting a size removes its prices.
    await api.delete(`/categories/sizes/${small.id}/`, owner);
    expect((await api.get(`/menu-items/${created.body.id}/`, owner)).body.prices).toEqual([]);
  });

  it('stores a missing price as not offered, never as free (issue 27)', async () => {
    const soups = await category('Soups of the day', 'none');
    // No price given: no price (null), not $0.00.
    const unpriced = await api.post('/menu-items/', owner, { category_id: soups, name: 'Minestrone' });
    expect(unpriced.status).toBe(201);
    expect(unpriced.body).toMatchObject({ price: null, prices: [] });
    expect((await api.patch(`/menu-items/${unpriced.body.id}/`, owner, { price: 6 })).body.price).toBe(6);
    // The owner takes the price away again: the dish is not offered until it has one.
    const cleared = await api.patch(`/menu-items/${unpriced.body.id}/`, owner, { price: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.price).toBeNull();
    expect((await api.get(`/menu-items/${unpriced.body.id}/`, owner)).body.price).toBeNull();
  });

  it('refuses per-size prices on a category with one price, bad prices and a blank name', async () => {
    const soups = await category('Soups', 'none');
    const refused = await api.post('/menu-items/', owner, { category_id: soups, name: 'Tomato', prices: [{ size_id: 1, price: 1 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ prices: 'This category is not priced by size: give one price.' });
    const bad = await api.post('/menu-items/', owner, { category_id: soups, name: ' ', price: -2 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['name', 'price']);
    expect((await api.post('/menu-items/', owner, { category_id: 999999, name: 'Lost' })).status).toBe(404);
    expect((await api.patch('/menu-items/999999/', owner, { name: 'Lost' })).status).toBe(404);
  });
});
