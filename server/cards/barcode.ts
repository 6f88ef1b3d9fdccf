import bwipjs from 'bwip-js/node';

/**
 * The pay barcode: a PDF417 symbol (what card-pay registers scan) of the 16-digit card number, drawn on the
 * server by bwip-js as a PNG and handed to the page as a data: URL (spec 7: "image data turned into a
 * displayable address"). Tests decode it back with @zxing/library.
 */
export async function barcodePng(cardNumber: string): Promise<Buffer> {
  // bwip-js options beyond RenderOptions (PDF417 columns and error-correction level) go as strings
  const opts = { bcid: 'pdf417', text: cardNumber, scale: 3, paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF', columns: 4, eclevel: 2 };
  const png: Promise<Buffer> = bwipjs.toBuffer(opts as Parameters<typeof bwipjs.toBuffer>[0]);
  return png;
}

export async function barcodeDataUrl(cardNumber: string): Promise<string> {
  return `data:image/png;base64,${(await barcodePng(cardNumber)).toString('base64')}`;
}
