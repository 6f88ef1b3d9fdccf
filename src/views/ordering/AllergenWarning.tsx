import type { AllergenCode } from '../../../contracts/allergens.ts';
import { AllergenMessages, allergenList } from '../../../contracts/allergens.ts';
import { Dialog } from '../shell/Dialog.tsx';

/** issue 29: a customisation that adds an allergen asks before adding (product machine `warning`) */
export function AllergenWarning({ open, added, onConfirm, onBack }: { open: boolean; added: readonly AllergenCode[]; onConfirm: () => void; onBack: () => void }) {
  return (
    <Dialog
      open={open}
      title={AllergenMessages.warningHeading}
      onClose={onBack}
      actions={
        <>
          <button type="button" className="btn btn--primary" onClick={onConfirm}>
            {AllergenMessages.addAnyway}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onBack}>
            {AllergenMessages.goBack}
          </button>
        </>
      }
    >
      <p>{AllergenMessages.warningAdds.replace('{list}', allergenList(added))}</p>
    </Dialog>
  );
}

