/** The texts of /menu's top for a visitor without a store: ChosenStore renders them, and /menu's prerendered shell (src/views/shell/page-shells.ts) carries the same. */
export const NO_STORE_TEXTS = {
  heading: 'Choose a store to start your order',
  body: 'Menus and prices depend on the store you order from.',
  action: 'Choose a store',
} as const;
