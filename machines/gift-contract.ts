/**
 * TEMPORARY until contracts/gift.ts (engineer gift-catalog) is merged: the call shapes of docs/gifting.md 4 the
 * gift machines use. Replaced by re-exports of the contract.
 */
export interface Money {
  amount: number;
  currency: 'USD';
}
export interface GiftPurchaseRequest {
  requestId: string;
  orderSource: 'web';
  locale: 'en-US';
  currency: 'USD';
  paymentType: string;
  paymentInstrumentId?: string;
  paymentInstrumentToken?: string;
  addressToken?: string;
  senderEmail: string;
  senderName: string;
  egifts: Array<{ recipientEmail: string; recipientName: string; deliveryMethod: string; deliveryDate?: string; product: { productNumber: string }; message?: string; amount: Money }>;
  totalAmount: Money;
  risk?: unknown;
}
export interface GiftPurchaseAccepted {
  delay: number;
  requestId: string;
}
export interface GiftPurchaseStatus {
  orderNumber: string | null;
  zeroRetries?: boolean;
  data: { context: { code: string | null; orderNumber: string | null; message?: string } };
}
export interface GiftProduct {
  productNumber: string;
  altText: string;
  largeImageUrl: string;
  categoryUrn: string;
  available: boolean;
}
