// Placeholder replaced by the helper's module on merge (branch docs-mail).
export interface InvoiceParty {
  name: string;
  address: string;
  taxId: string | null;
}
export interface InvoiceLine {
  description: string;
  sku?: string | null;
  quantity: number;
  unitPrice: number;
  total: number;
}
export interface InvoiceData {
  invoiceNumber: string;
  issuedAt: Date;
  purchaseNumber: string;
  orderedAt: Date;
  poNumber: string | null;
  seller: InvoiceParty;
  buyer: InvoiceParty & { company: string | null; email: string; contactName: string };
  lines: InvoiceLine[];
  total: number;
  paidAt: Date;
  paymentReference: string | null;
  testPayment: boolean;
}
export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  return Promise.resolve(Buffer.from(`%PDF-1.4 ${data.invoiceNumber}`));
}
