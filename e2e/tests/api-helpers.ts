import { expect, request, type APIRequestContext, type APIResponse } from '@playwright/test';
import { ADMIN } from './fixtures.js';

/**
 * Test data set up through the API as the administrator: only the steps a spec does not test
 * go through here, so the screens under test start from known records.
 */

/** A suffix that keeps names unique across the tests that share one server. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, '0')}`.toUpperCase();
}

/** The envelope's data of an OK answer; fails the test with the server's message otherwise. */
export async function dataOf<T>(res: APIResponse): Promise<T> {
  const body = (await res.json().catch(() => null)) as { status?: string; data?: T; message?: string } | null;
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${body?.message ?? ''}`).toBe(true);
  expect(body?.status).toBe('OK');
  return body!.data as T;
}

export interface ProductRef {
  id: number;
  itemNo: string;
  itemDescription: string | null;
}

export interface CustomerRef {
  id: number;
  name: string;
  customerNo: string | null;
}

/** A row of GET /api/package/associated-parts/{packageId}. */
export interface AssociatedPartRow {
  id: number;
  quantity: number;
  child_id: number;
  child_itemNo: string;
  child_itemDescription: string | null;
  child_productType_type: string | null;
}

/** A row of GET /api/package/modifiers/package/{packageId}. */
export interface PackageModifierRow {
  id: number;
  packageId: number;
  category: string;
  name: string | null;
  quantity: number;
  product: { id: number; itemNo: string } | null;
  notes: string | null;
}

export interface ProductInput {
  itemNo: string;
  itemDescription?: string;
  wholesalePrice?: number;
  multiplierCategory?: 'Residential' | 'Opener' | 'Sectional' | 'Commercial' | null;
  /** A product type name: 'Part', 'Package', ... */
  productType?: string;
  modifierCostIncrease?: number;
}

export interface CustomerInput {
  name: string;
  customerNo?: string;
  contactName?: string;
  email?: string;
  useTax?: boolean;
  sectionalMultiplier?: number;
  residentialMultiplier?: number;
  openerMultiplier?: number;
  commercialMultiplier?: number;
}

/** An API client signed in as the administrator. Dispose it at the end of the test. */
export class AdminApi {
  private productTypes: Map<string, number> | null = null;

  private constructor(readonly api: APIRequestContext) {}

  static async open(baseURL: string): Promise<AdminApi> {
    const api = await request.newContext({ baseURL });
    const login = await api.post('/api/login', { form: { username: ADMIN.username, password: ADMIN.password } });
    expect(login.ok()).toBe(true);
    return new AdminApi(api);
  }

  dispose() {
    return this.api.dispose();
  }

  get<T>(path: string) {
    return this.api.get(path).then((res) => dataOf<T>(res));
  }

  post<T>(path: string, data: unknown) {
    return this.api.post(path, { data }).then((res) => dataOf<T>(res));
  }

  put<T>(path: string, data: unknown) {
    return this.api.put(path, { data }).then((res) => dataOf<T>(res));
  }

  async productTypeId(name: string): Promise<number> {
    if (!this.productTypes) {
      const types = await this.get<{ id: number; type: string }[]>('/api/dropdown/product-type');
      this.productTypes = new Map(types.map((t) => [t.type, t.id]));
    }
    const id = this.productTypes.get(name);
    expect(id, `product type ${name}`).toBeDefined();
    return id!;
  }

  async createProduct(input: ProductInput): Promise<ProductRef> {
    const { productType = 'Part', ...rest } = input;
    return this.post<ProductRef>('/api/products/create', {
      ...rest,
      productType: { id: await this.productTypeId(productType) },
    });
  }

  /** A door package: a product of type 'Package'. */
  createPackage(input: Omit<ProductInput, 'productType'>): Promise<ProductRef> {
    return this.createProduct({ ...input, productType: 'Package' });
  }

  addAssociatedPart(packageId: number, childId: number, quantity: number) {
    return this.post<{ id: number }>(`/api/package/associated-parts/create/${packageId}`, {
      child: { id: childId },
      quantity,
    });
  }

  /** A package's associated parts, as the Associated Parts list reads them. */
  associatedParts(packageId: number) {
    return this.get<AssociatedPartRow[]>(`/api/package/associated-parts/${packageId}`);
  }

  /** A package's own modifiers, as the Package Modifiers panel reads them. */
  packageModifiers(packageId: number) {
    return this.get<PackageModifierRow[]>(`/api/package/modifiers/package/${packageId}`);
  }

  addPackageModifier(
    packageId: number,
    modifier: { category: string; name?: string; quantity?: number; productId?: number; notes?: string },
  ) {
    return this.post<{ id: number }>(`/api/package/modifiers/create/${packageId}`, {
      packageId,
      category: modifier.category,
      name: modifier.name,
      quantity: modifier.quantity ?? 1,
      product: modifier.productId === undefined ? null : { id: modifier.productId },
      notes: modifier.notes,
    });
  }

  createCustomer(input: CustomerInput): Promise<CustomerRef> {
    return this.post<CustomerRef>('/api/customers/create', input);
  }

  createDocument(kind: 'order' | 'quote', input: { customerId: number; jobName: string; poNumber?: string }) {
    return this.post<{ id: number; jobName: string }>(`/api/${kind}s/create`, {
      customer: { id: input.customerId },
      jobName: input.jobName,
      poNumber: input.poNumber,
    });
  }

  addLine(kind: 'order' | 'quote', docId: number, productId: number, quantity: number) {
    return this.post<{ id: number }>(`/api/${kind}-parts/create/${docId}`, { product: { id: productId }, quantity });
  }

  /** A pickup-ready order of the customer with one line per product id (quantity 1 unless given). */
  async pickupOrder(
    customerId: number,
    jobName: string,
    lines: { productId: number; quantity?: number }[],
    specialInstructions?: string,
  ) {
    const order = await this.post<{ id: number; jobName: string }>('/api/orders/create', {
      customer: { id: customerId },
      jobName,
      orderPickup: true,
      specialInstructions,
    });
    for (const line of lines) await this.addLine('order', order.id, line.productId, line.quantity ?? 1);
    return order;
  }

  /** Place in Bay: `load` orders become their bay's current load, `waiting` are only assigned. */
  placeInBays(load: [{ id: number }, number][], waiting: [{ id: number }, number][] = []) {
    return this.put('/api/orders/updateChosenJob', [
      ...load.map(([order, bay]) => ({ id: order.id, current_load: true, loading_bay: bay })),
      ...waiting.map(([order, bay]) => ({ id: order.id, current_load: false, loading_bay: bay })),
    ]);
  }

  /** Takes orders out of the bays (not asserted: a failed step may have left them elsewhere). */
  async clearBays(orders: { id: number }[]) {
    await this.api.put('/api/orders/updateChosenJob', {
      data: orders.map((o) => ({ id: o.id, current_load: false, loading_bay: null })),
    });
  }

  createVendorOrder(input: { name: string; description?: string; estimatedArrival?: string; status?: string }) {
    return this.post<{ id: number; name: string }>('/api/vendor-orders/create', input);
  }
}
