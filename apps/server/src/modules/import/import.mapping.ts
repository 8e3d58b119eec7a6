/**
 * Which column holds which of our fields (docs/architecture.md section 15): given by the
 * administrator, remembered for the file's set of headers, or guessed from the headers' words.
 */
import { createHash } from 'node:crypto';
import { IMPORT_FIELDS, type ImportKind, type ImportMapping } from '@desk/domain';
import { badRequest } from '../../lib/errors.js';

/** A header as words compare: lower case, no accents, '#' read as 'no', nothing but letters and digits. */
export function normalizeHeader(h: string): string {
  return h
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/#/g, 'no')
    .replace(/\bnumber\b/g, 'no')
    .replace(/\bnum\b/g, 'no')
    .replace(/[^a-z0-9]/g, '');
}

/** What a column of each field is often called (normalised), besides the field's own label and key. */
const SYNONYMS: Record<ImportKind, Record<string, string[]>> = {
  products: {
    itemNo: [
      'item',
      'itemno',
      'itemcode',
      'itemid',
      'partno',
      'part',
      'partcode',
      'sku',
      'productno',
      'productcode',
      'code',
    ],
    itemDescription: [
      'description',
      'desc',
      'itemdescription',
      'productdescription',
      'partdescription',
      'name',
      'productname',
    ],
    productType: ['type', 'producttype', 'prodtype', 'itemtype', 'kind'],
    multiplierCategory: ['category', 'multipliercategory', 'multcategory', 'pricecategory', 'multiplier'],
    wholesalePrice: ['price', 'wholesale', 'wholesaleprice', 'listprice', 'cost', 'unitprice', 'wholesalecost'],
    modifierCostIncrease: ['modifiercost', 'modifiercostincrease', 'modcost', 'costincrease', 'modifierprice'],
    associatedParts: ['parts', 'associatedparts', 'packageparts', 'components', 'bom', 'billofmaterials'],
    windowsData: ['windows', 'windowsdata'],
    windowDescription: ['windowdescription', 'windowdesc'],
    insertsData: ['inserts', 'insertsdata'],
    insertDescription: ['insertdescription', 'insertdesc'],
  },
  customers: {
    customerNo: [
      'customerno',
      'custno',
      'customer',
      'customerid',
      'custid',
      'accountno',
      'account',
      'acctno',
      'no',
      'id',
    ],
    name: ['name', 'customername', 'company', 'companyname', 'business', 'businessname', 'custname'],
    contactName: ['contact', 'contactname', 'contactperson', 'attn', 'attention'],
    email: ['email', 'emailaddress', 'mail'],
    phone: ['phone', 'phoneno', 'telephone', 'tel', 'workphone', 'officephone'],
    fax: ['fax', 'faxno'],
    mobilePhone: ['mobile', 'mobilephone', 'cell', 'cellphone', 'mobileno'],
    street: ['street', 'address', 'streetaddress', 'address1', 'billingstreet', 'billingaddress', 'billtostreet'],
    city: ['city', 'town', 'billingcity', 'billtocity'],
    state: ['state', 'province', 'st', 'billingstate', 'billtostate'],
    zipCode: ['zip', 'zipcode', 'postalcode', 'postcode', 'billingzip', 'billtozip'],
    shipStreet: ['shiptostreet', 'shipstreet', 'shippingstreet', 'shipaddress', 'shiptoaddress', 'shippingaddress'],
    shipCity: ['shiptocity', 'shipcity', 'shippingcity'],
    shipState: ['shiptostate', 'shipstate', 'shippingstate'],
    shipZipCode: [
      'shiptozip',
      'shipzip',
      'shiptozipcode',
      'shipzipcode',
      'shippingzip',
      'shippingzipcode',
      'shippostalcode',
    ],
    specialNeeds: ['specialneeds', 'needs'],
    specialInstructions: ['specialinstructions', 'instructions', 'notes'],
    taxCode: ['taxcode', 'tax', 'taxstatus', 'taxexempt'],
    termsCode: ['termscode', 'terms', 'paymentterms'],
    useTax: ['usetax', 'taxable', 'chargetax'],
    residentialMultiplier: ['residentialmultiplier', 'residential', 'resmultiplier', 'resmult', 'residentialmult'],
    openerMultiplier: ['openermultiplier', 'opener', 'openermult', 'openers'],
    sectionalMultiplier: ['sectionalmultiplier', 'sectional', 'sectionalmult', 'secmult'],
    commercialMultiplier: ['commercialmultiplier', 'commercial', 'commercialmult', 'commmult'],
    readyForPickupEmail: ['readyforpickupemail', 'pickupemail', 'readyemail', 'emailwhenready'],
  },
  'vendor-orders': {
    name: ['name', 'vendororder', 'vendororderno', 'vendorordername', 'po', 'pono', 'ponumber', 'ordername', 'order'],
    description: ['description', 'desc', 'notes', 'details'],
    estimatedArrival: ['estimatedarrival', 'eta', 'arrival', 'expected', 'expecteddate', 'duedate', 'arrivaldate'],
    status: ['status', 'state'],
    receivedDate: ['receiveddate', 'received', 'receivedon', 'datereceived'],
  },
  stock: {
    itemNo: ['item', 'itemno', 'itemcode', 'partno', 'part', 'sku', 'productno', 'code'],
    onHand: ['onhand', 'qty', 'quantity', 'qtyonhand', 'stock', 'instock', 'count', 'openingstock'],
    reorderPoint: ['reorderpoint', 'reorder', 'minimum', 'min', 'minqty', 'reorderlevel'],
    reorderQuantity: ['reorderquantity', 'reorderqty', 'orderqty', 'orderquantity', 'max', 'eoq'],
  },
};

/** Our field -> their column, from the headers' words; each column is used once, by its best field. */
export function guessMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  const byWords = headers.map((h) => [h, normalizeHeader(h)] as const).filter(([h]) => h !== '');
  for (const field of IMPORT_FIELDS[kind]) {
    const names = new Set([normalizeHeader(field.label), normalizeHeader(field.key), ...SYNONYMS[kind][field.key]!]);
    // Exact words first, in the synonyms' order of preference.
    const hit = byWords.find(
      ([h, w]) => !taken.has(h) && (w === normalizeHeader(field.label) || w === normalizeHeader(field.key)),
    );
    const found = hit ?? [...names].map((n) => byWords.find(([h, w]) => !taken.has(h) && w === n)).find(Boolean);
    if (found) {
      mapping[field.key] = found[0];
      taken.add(found[0]);
    }
  }
  return mapping;
}

/** A mapping given with the request: our fields only, each to a column of the file. */
export function checkMapping(kind: ImportKind, headers: readonly string[], mapping: ImportMapping): ImportMapping {
  const keys = new Map(IMPORT_FIELDS[kind].map((f) => [f.key, f]));
  const out: ImportMapping = {};
  const problems: string[] = [];
  for (const [field, column] of Object.entries(mapping)) {
    if (!keys.has(field)) {
      problems.push(`'${field}' is not a field of ${kind} (${[...keys.keys()].join(', ')})`);
      continue;
    }
    if (column === '') continue;
    if (!headers.includes(column)) problems.push(`${keys.get(field)!.label}: the file has no column '${column}'`);
    else out[field] = column;
  }
  if (problems.length) throw badRequest(`The mapping does not fit the file: ${problems.join('; ')}.`);
  return out;
}

/** The remembered mappings' key: the kind's set of headers, order and case kept, as a SHA-256. */
export function headersKey(headers: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify([...headers].filter(Boolean).sort()))
    .digest('hex');
}
