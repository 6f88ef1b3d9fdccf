/**
 * The seeded menu (pure data, deterministic): menus → categories → subcategories → products. Sizes, prices,
 * options and nutrition come from each product's kind (menu.ts builds the rows). Product numbers are stable:
 * 81 is the hidden bag fee (spec 5 drops it from previous orders); products start at 2001.
 */
export type Kind =
  | 'brewed'
  | 'espresso'
  | 'shot'
  | 'iced-espresso'
  | 'cold-brew'
  | 'hot-tea'
  | 'tea-latte'
  | 'iced-tea'
  | 'refresher'
  | 'blended'
  | 'hot-chocolate'
  | 'cold-drink'
  | 'bakery'
  | 'breakfast'
  | 'lunch'
  | 'snack'
  | 'merch';

export interface ProductSpec {
  name: string;
  kind: Kind;
  /** price of the default size in cents */
  price: number;
  /** calories of the default size */
  kcal: number;
  allergens?: string[];
  /**
   * allergen codes the product has even without the default options that also bring them (kept in the size's
   * base_allergens, so swapping such an option never hides one the item has anyway); none in today's menu
   */
  intrinsicAllergens?: Array<'milk' | 'egg' | 'soy' | 'wheat' | 'tree_nuts' | 'peanuts' | 'sesame' | 'fish' | 'shellfish'>;
  /** default syrup/sauce option numbers with pumps at the default size */
  flavors?: number[];
  /** two forms: hot and iced */
  iced?: boolean;
  featured?: boolean;
  /** retired seasonal item: priced → CHOOSE_DIFFERENT_ITEM */
  retired?: boolean;
  description?: string;
}

export interface SubSpec {
  path: string;
  name: string;
  products: ProductSpec[];
}
export interface CategorySpec {
  path: string;
  name: string;
  /** products directly on the category (one section) or subcategories (one section each) */
  products?: ProductSpec[];
  subs?: SubSpec[];
}
export interface MenuSpec {
  path: string;
  name: string;
  categories: CategorySpec[];
}

// option product numbers (menu.ts defines them)
export const OPT = {
  vanilla: 301,
  caramel: 302,
  hazelnut: 303,
  classic: 304,
  toffeeNut: 305,
  peppermint: 306,
  sfVanilla: 307,
  brownSugar: 308,
  mocha: 311,
  whiteMocha: 312,
  pumpkin: 313,
} as const;

const MILK = ['Milk'];
const MILK_SOY = ['Milk', 'Soy'];
const WHEAT_MILK_EGG = ['Wheat', 'Milk', 'Egg'];

export const MENU: MenuSpec[] = [
  {
    path: 'drinks',
    name: 'Drinks',
    categories: [
      {
        path: 'hot-coffees',
        name: 'Hot Coffees',
        subs: [
          { path: 'americanos', name: 'Americanos', products: [{ name: 'Caffè Americano', kind: 'espresso', price: 345, kcal: 15, allergens: [] }, { name: 'Blonde Caffè Americano', kind: 'espresso', price: 345, kcal: 15, allergens: [] }] },
          {
            path: 'brewed-coffees',
            name: 'Brewed Coffees',
            products: [
              { name: 'Pike Place Roast', kind: 'brewed', price: 295, kcal: 5, allergens: [], featured: true },
              { name: 'Blonde Roast - Veranda Blend', kind: 'brewed', price: 295, kcal: 5, allergens: [] },
              { name: 'Dark Roast', kind: 'brewed', price: 295, kcal: 5, allergens: [] },
              { name: 'Decaf Pike Place Roast', kind: 'brewed', price: 295, kcal: 5, allergens: [] },
              { name: 'Caffè Misto', kind: 'brewed', price: 375, kcal: 110, allergens: MILK },
            ],
          },
          {
            path: 'cappuccinos',
            name: 'Cappuccinos',
            products: [{ name: 'Cappuccino', kind: 'espresso', price: 445, kcal: 140, allergens: MILK }, { name: 'Blonde Cappuccino', kind: 'espresso', price: 445, kcal: 140, allergens: MILK }],
          },
          {
            path: 'espresso-shots',
            name: 'Espresso Shots',
            products: [
              { name: 'Espresso', kind: 'shot', price: 245, kcal: 10, allergens: [] },
              { name: 'Espresso Con Panna', kind: 'shot', price: 275, kcal: 35, allergens: MILK },
              { name: 'Espresso Macchiato', kind: 'shot', price: 275, kcal: 15, allergens: MILK },
            ],
          },
          { path: 'flat-whites', name: 'Flat Whites', products: [{ name: 'Flat White', kind: 'espresso', price: 495, kcal: 170, allergens: MILK }, { name: 'Honey Almondmilk Flat White', kind: 'espresso', price: 525, kcal: 120, allergens: ['Tree Nuts'] }] },
          {
            path: 'lattes',
            name: 'Lattes',
            products: [
              { name: 'Caffè Latte', kind: 'espresso', price: 445, kcal: 190, allergens: MILK, iced: true, featured: true },
              { name: 'Cinnamon Dolce Latte', kind: 'espresso', price: 525, kcal: 260, allergens: MILK, flavors: [OPT.vanilla] },
              { name: 'Blonde Vanilla Latte', kind: 'espresso', price: 525, kcal: 250, allergens: MILK, flavors: [OPT.vanilla] },
              { name: 'Oatmilk Honey Latte', kind: 'espresso', price: 545, kcal: 270, allergens: ['Oats'] },
              { name: 'Pumpkin Spice Latte', kind: 'espresso', price: 595, kcal: 380, allergens: MILK, flavors: [OPT.pumpkin], retired: true, description: 'A fall favourite, back next season.' },
            ],
          },
          {
            path: 'macchiatos',
            name: 'Macchiatos',
            products: [{ name: 'Caramel Macchiato', kind: 'espresso', price: 545, kcal: 250, allergens: MILK, flavors: [OPT.vanilla], featured: true }, { name: 'Latte Macchiato', kind: 'espresso', price: 495, kcal: 190, allergens: MILK }],
          },
          {
            path: 'mochas',
            name: 'Mochas',
            products: [
              { name: 'Caffè Mocha', kind: 'espresso', price: 525, kcal: 370, allergens: MILK_SOY, flavors: [OPT.mocha] },
              { name: 'White Chocolate Mocha', kind: 'espresso', price: 545, kcal: 430, allergens: MILK_SOY, flavors: [OPT.whiteMocha] },
              { name: 'Peppermint Mocha', kind: 'espresso', price: 575, kcal: 440, allergens: MILK_SOY, flavors: [OPT.mocha, OPT.peppermint] },
            ],
          },
        ],
      },
      {
        path: 'cold-coffees',
        name: 'Cold Coffees',
        subs: [
          {
            path: 'cold-brews',
            name: 'Cold Brews',
            products: [
              { name: 'Cold Brew', kind: 'cold-brew', price: 425, kcal: 5, allergens: [], featured: true },
              { name: 'Vanilla Sweet Cream Cold Brew', kind: 'cold-brew', price: 495, kcal: 110, allergens: MILK, flavors: [OPT.vanilla] },
              { name: 'Salted Caramel Cream Cold Brew', kind: 'cold-brew', price: 525, kcal: 240, allergens: MILK, flavors: [OPT.caramel] },
              { name: 'Chocolate Cream Cold Brew', kind: 'cold-brew', price: 525, kcal: 250, allergens: MILK_SOY, flavors: [OPT.mocha] },
            ],
          },
          { path: 'nitro-cold-brews', name: 'Nitro Cold Brews', products: [{ name: 'Nitro Cold Brew', kind: 'cold-brew', price: 495, kcal: 5, allergens: [] }, { name: 'Vanilla Sweet Cream Nitro Cold Brew', kind: 'cold-brew', price: 545, kcal: 80, allergens: MILK, flavors: [OPT.vanilla] }] },
          { path: 'iced-americanos', name: 'Iced Americanos', products: [{ name: 'Iced Caffè Americano', kind: 'iced-espresso', price: 345, kcal: 15, allergens: [] }, { name: 'Iced Blonde Americano', kind: 'iced-espresso', price: 345, kcal: 15, allergens: [] }] },
          {
            path: 'iced-lattes',
            name: 'Iced Lattes',
            products: [
              { name: 'Iced Vanilla Latte', kind: 'iced-espresso', price: 525, kcal: 190, allergens: MILK, flavors: [OPT.vanilla] },
              { name: 'Iced Cinnamon Dolce Latte', kind: 'iced-espresso', price: 545, kcal: 240, allergens: MILK },
              { name: 'Iced Oatmilk Honey Latte', kind: 'iced-espresso', price: 545, kcal: 210, allergens: ['Oats'] },
            ],
          },
          {
            path: 'iced-macchiatos',
            name: 'Iced Macchiatos',
            products: [{ name: 'Iced Caramel Macchiato', kind: 'iced-espresso', price: 545, kcal: 250, allergens: MILK, flavors: [OPT.vanilla], featured: true }, { name: 'Iced Hazelnut Oatmilk Macchiato', kind: 'iced-espresso', price: 575, kcal: 220, allergens: ['Oats', 'Tree Nuts'], flavors: [OPT.hazelnut] }],
          },
          { path: 'iced-mochas', name: 'Iced Mochas', products: [{ name: 'Iced Caffè Mocha', kind: 'iced-espresso', price: 525, kcal: 350, allergens: MILK_SOY, flavors: [OPT.mocha] }, { name: 'Iced White Chocolate Mocha', kind: 'iced-espresso', price: 545, kcal: 420, allergens: MILK_SOY, flavors: [OPT.whiteMocha] }] },
          {
            path: 'iced-shaken-espresso',
            name: 'Iced Shaken Espresso',
            products: [
              { name: 'Iced Brown Sugar Oatmilk Shaken Espresso', kind: 'iced-espresso', price: 575, kcal: 120, allergens: ['Oats'], flavors: [OPT.brownSugar], featured: true },
              { name: 'Iced Chocolate Almondmilk Shaken Espresso', kind: 'iced-espresso', price: 575, kcal: 100, allergens: ['Tree Nuts', 'Soy'], flavors: [OPT.mocha] },
              { name: 'Iced Toasted Vanilla Oatmilk Shaken Espresso', kind: 'iced-espresso', price: 575, kcal: 150, allergens: ['Oats'], flavors: [OPT.vanilla] },
            ],
          },
        ],
      },
      {
        path: 'hot-teas',
        name: 'Hot Teas',
        subs: [
          { path: 'chai-teas', name: 'Chai Teas', products: [{ name: 'Chai Tea Latte', kind: 'tea-latte', price: 495, kcal: 240, allergens: MILK, iced: true, featured: true }, { name: 'Chai Tea', kind: 'hot-tea', price: 295, kcal: 0, allergens: [] }] },
          { path: 'black-teas', name: 'Black Teas', products: [{ name: 'London Fog Tea Latte', kind: 'tea-latte', price: 495, kcal: 180, allergens: MILK, flavors: [OPT.vanilla], iced: true }, { name: 'Earl Grey Tea', kind: 'hot-tea', price: 295, kcal: 0, allergens: [] }, { name: 'Royal English Breakfast Tea', kind: 'hot-tea', price: 295, kcal: 0, allergens: [] }] },
          { path: 'green-teas', name: 'Green Teas', products: [{ name: 'Matcha Tea Latte', kind: 'tea-latte', price: 525, kcal: 240, allergens: MILK, iced: true }, { name: 'Emperor\u2019s Clouds & Mist', kind: 'hot-tea', price: 295, kcal: 0, allergens: [] }, { name: 'Jade Citrus Mint Brewed Tea', kind: 'hot-tea', price: 295, kcal: 0, allergens: [] }] },
          { path: 'herbal-teas', name: 'Herbal Teas', products: [{ name: 'Mint Majesty', kind: 'hot-tea', price: 295, kcal: 0, allergens: [] }, { name: 'Peach Tranquility', kind: 'hot-tea', price: 295, kcal: 0, allergens: [] }, { name: 'Honey Citrus Mint Tea', kind: 'hot-tea', price: 395, kcal: 130, allergens: [] }] },
        ],
      },
      {
        path: 'cold-teas',
        name: 'Cold Teas',
        subs: [
          {
            path: 'iced-teas',
            name: 'Iced Teas',
            products: [
              { name: 'Iced Black Tea', kind: 'iced-tea', price: 325, kcal: 0, allergens: [] },
              { name: 'Iced Green Tea', kind: 'iced-tea', price: 325, kcal: 0, allergens: [] },
              { name: 'Iced Passion Tango Tea', kind: 'iced-tea', price: 325, kcal: 0, allergens: [] },
              { name: 'Iced Peach Green Tea Lemonade', kind: 'iced-tea', price: 395, kcal: 90, allergens: [] },
              { name: 'Iced Black Tea Lemonade', kind: 'iced-tea', price: 375, kcal: 70, allergens: [] },
            ],
          },
        ],
      },
      {
        path: 'refreshers',
        name: 'Refreshers',
        products: [
          { name: 'Strawberry Açaí Refresher', kind: 'refresher', price: 475, kcal: 90, allergens: [], featured: true },
          { name: 'Strawberry Açaí Lemonade Refresher', kind: 'refresher', price: 495, kcal: 140, allergens: [] },
          { name: 'Pink Drink', kind: 'refresher', price: 525, kcal: 140, allergens: ['Tree Nuts'] },
          { name: 'Mango Dragonfruit Refresher', kind: 'refresher', price: 475, kcal: 90, allergens: [] },
          { name: 'Mango Dragonfruit Lemonade Refresher', kind: 'refresher', price: 495, kcal: 140, allergens: [] },
          { name: 'Dragon Drink', kind: 'refresher', price: 525, kcal: 130, allergens: ['Tree Nuts'] },
          { name: 'Pineapple Passionfruit Refresher', kind: 'refresher', price: 475, kcal: 100, allergens: [] },
          { name: 'Paradise Drink', kind: 'refresher', price: 525, kcal: 140, allergens: ['Tree Nuts'] },
        ],
      },
      {
        path: 'frappuccino-blended-beverages',
        name: 'Frappuccino® Blended Beverages',
        subs: [
          {
            path: 'coffee-frappuccino',
            name: 'Coffee Frappuccino',
            products: [
              { name: 'Caramel Frappuccino', kind: 'blended', price: 545, kcal: 380, allergens: MILK, flavors: [OPT.caramel], featured: true },
              { name: 'Mocha Frappuccino', kind: 'blended', price: 545, kcal: 370, allergens: MILK_SOY, flavors: [OPT.mocha] },
              { name: 'Java Chip Frappuccino', kind: 'blended', price: 575, kcal: 440, allergens: MILK_SOY, flavors: [OPT.mocha] },
              { name: 'Coffee Frappuccino', kind: 'blended', price: 475, kcal: 230, allergens: MILK },
              { name: 'Espresso Frappuccino', kind: 'blended', price: 475, kcal: 210, allergens: MILK },
              { name: 'White Chocolate Mocha Frappuccino', kind: 'blended', price: 575, kcal: 420, allergens: MILK_SOY, flavors: [OPT.whiteMocha] },
            ],
          },
          {
            path: 'creme-frappuccino',
            name: 'Crème Frappuccino',
            products: [
              { name: 'Strawberry Crème Frappuccino', kind: 'blended', price: 545, kcal: 370, allergens: MILK },
              { name: 'Vanilla Bean Crème Frappuccino', kind: 'blended', price: 525, kcal: 380, allergens: MILK },
              { name: 'Double Chocolaty Chip Crème Frappuccino', kind: 'blended', price: 545, kcal: 400, allergens: MILK_SOY, flavors: [OPT.mocha] },
              { name: 'Matcha Crème Frappuccino', kind: 'blended', price: 545, kcal: 320, allergens: MILK },
            ],
          },
        ],
      },
      {
        path: 'hot-drinks',
        name: 'Hot Chocolates & More',
        products: [
          { name: 'Hot Chocolate', kind: 'hot-chocolate', price: 395, kcal: 370, allergens: MILK_SOY, flavors: [OPT.mocha] },
          { name: 'White Hot Chocolate', kind: 'hot-chocolate', price: 425, kcal: 430, allergens: MILK_SOY, flavors: [OPT.whiteMocha] },
          { name: 'Peppermint Hot Chocolate', kind: 'hot-chocolate', price: 445, kcal: 440, allergens: MILK_SOY, flavors: [OPT.mocha, OPT.peppermint] },
          { name: 'Steamed Milk', kind: 'hot-chocolate', price: 295, kcal: 190, allergens: MILK },
          { name: 'Vanilla Crème', kind: 'hot-chocolate', price: 375, kcal: 260, allergens: MILK, flavors: [OPT.vanilla] },
        ],
      },
      {
        path: 'bottled-beverages',
        name: 'Bottled Beverages',
        products: [
          { name: 'Sparkling Water', kind: 'cold-drink', price: 275, kcal: 0, allergens: [] },
          { name: 'Spring Water', kind: 'cold-drink', price: 225, kcal: 0, allergens: [] },
          { name: 'Orange Juice', kind: 'cold-drink', price: 395, kcal: 160, allergens: [] },
          { name: 'Organic Chocolate Milk', kind: 'cold-drink', price: 325, kcal: 190, allergens: MILK },
          { name: 'Lemonade', kind: 'cold-drink', price: 325, kcal: 130, allergens: [] },
        ],
      },
    ],
  },
  {
    path: 'food',
    name: 'Food',
    categories: [
      {
        path: 'bakery',
        name: 'Bakery',
        subs: [
          {
            path: 'croissants',
            name: 'Croissants',
            products: [
              { name: 'Butter Croissant', kind: 'bakery', price: 345, kcal: 260, allergens: WHEAT_MILK_EGG },
              { name: 'Chocolate Croissant', kind: 'bakery', price: 375, kcal: 300, allergens: [...WHEAT_MILK_EGG, 'Soy'] },
              { name: 'Almond Croissant', kind: 'bakery', price: 395, kcal: 410, allergens: [...WHEAT_MILK_EGG, 'Tree Nuts'] },
              { name: 'Ham & Swiss Croissant', kind: 'bakery', price: 475, kcal: 320, allergens: WHEAT_MILK_EGG },
            ],
          },
          {
            path: 'muffins',
            name: 'Muffins & Loaves',
            products: [
              { name: 'Blueberry Muffin', kind: 'bakery', price: 325, kcal: 360, allergens: WHEAT_MILK_EGG, featured: true },
              { name: 'Banana Nut Loaf', kind: 'bakery', price: 345, kcal: 410, allergens: [...WHEAT_MILK_EGG, 'Tree Nuts'] },
              { name: 'Iced Lemon Loaf', kind: 'bakery', price: 345, kcal: 470, allergens: WHEAT_MILK_EGG },
              { name: 'Pumpkin Loaf', kind: 'bakery', price: 345, kcal: 410, allergens: WHEAT_MILK_EGG },
              { name: 'Chocolate Chip Muffin', kind: 'bakery', price: 325, kcal: 440, allergens: [...WHEAT_MILK_EGG, 'Soy'] },
            ],
          },
          {
            path: 'scones-and-pastries',
            name: 'Scones & Pastries',
            products: [
              { name: 'Blueberry Scone', kind: 'bakery', price: 325, kcal: 380, allergens: WHEAT_MILK_EGG },
              { name: 'Petite Vanilla Bean Scone', kind: 'bakery', price: 175, kcal: 120, allergens: WHEAT_MILK_EGG },
              { name: 'Cheese Danish', kind: 'bakery', price: 345, kcal: 290, allergens: WHEAT_MILK_EGG },
              { name: 'Cinnamon Coffee Cake', kind: 'bakery', price: 345, kcal: 430, allergens: WHEAT_MILK_EGG },
              { name: 'Glazed Doughnut', kind: 'bakery', price: 275, kcal: 480, allergens: [...WHEAT_MILK_EGG, 'Soy'] },
            ],
          },
          {
            path: 'cookies-and-treats',
            name: 'Cookies & Treats',
            products: [
              { name: 'Chocolate Chip Cookie', kind: 'bakery', price: 275, kcal: 360, allergens: [...WHEAT_MILK_EGG, 'Soy'] },
              { name: 'Birthday Cake Pop', kind: 'bakery', price: 295, kcal: 160, allergens: [...WHEAT_MILK_EGG, 'Soy'] },
              { name: 'Marshmallow Dream Bar', kind: 'bakery', price: 245, kcal: 210, allergens: ['Milk', 'Soy'] },
              { name: 'Double Chocolate Brownie', kind: 'bakery', price: 345, kcal: 480, allergens: [...WHEAT_MILK_EGG, 'Soy'] },
            ],
          },
        ],
      },
      {
        path: 'breakfast',
        name: 'Breakfast',
        subs: [
          {
            path: 'hot-breakfast',
            name: 'Hot Breakfast',
            products: [
              { name: 'Bacon, Gouda & Egg Sandwich', kind: 'breakfast', price: 545, kcal: 360, allergens: WHEAT_MILK_EGG, featured: true },
              { name: 'Double-Smoked Bacon, Cheddar & Egg Sandwich', kind: 'breakfast', price: 595, kcal: 500, allergens: WHEAT_MILK_EGG },
              { name: 'Sausage, Cheddar & Egg Sandwich', kind: 'breakfast', price: 525, kcal: 480, allergens: WHEAT_MILK_EGG },
              { name: 'Turkey Bacon, Cheddar & Egg White Sandwich', kind: 'breakfast', price: 525, kcal: 230, allergens: WHEAT_MILK_EGG },
              { name: 'Spinach, Feta & Egg White Wrap', kind: 'breakfast', price: 495, kcal: 290, allergens: WHEAT_MILK_EGG },
              { name: 'Impossible™ Breakfast Sandwich', kind: 'breakfast', price: 625, kcal: 420, allergens: [...WHEAT_MILK_EGG, 'Soy'] },
            ],
          },
          {
            path: 'egg-bites',
            name: 'Egg Bites',
            products: [
              { name: 'Bacon & Gruyère Egg Bites', kind: 'breakfast', price: 545, kcal: 300, allergens: ['Milk', 'Egg'] },
              { name: 'Egg White & Roasted Red Pepper Egg Bites', kind: 'breakfast', price: 525, kcal: 170, allergens: ['Milk', 'Egg'] },
              { name: 'Kale & Mushroom Egg Bites', kind: 'breakfast', price: 525, kcal: 230, allergens: ['Milk', 'Egg'] },
            ],
          },
          {
            path: 'oatmeal-and-yogurt',
            name: 'Oatmeal & Yogurt',
            products: [
              { name: 'Rolled & Steel-Cut Oatmeal', kind: 'breakfast', price: 395, kcal: 160, allergens: ['Oats'] },
              { name: 'Strawberry Overnight Grains', kind: 'breakfast', price: 475, kcal: 300, allergens: ['Oats', 'Tree Nuts'] },
              { name: 'Berry Trio Parfait', kind: 'breakfast', price: 425, kcal: 240, allergens: ['Milk'] },
            ],
          },
        ],
      },
      {
        path: 'lunch',
        name: 'Lunch',
        subs: [
          {
            path: 'warm-sandwiches',
            name: 'Warm Sandwiches',
            products: [
              { name: 'Tomato & Mozzarella Panini', kind: 'lunch', price: 745, kcal: 360, allergens: ['Wheat', 'Milk'] },
              { name: 'Turkey, Provolone & Pesto Panini', kind: 'lunch', price: 795, kcal: 520, allergens: ['Wheat', 'Milk', 'Tree Nuts'] },
              { name: 'Ham & Swiss Panini', kind: 'lunch', price: 745, kcal: 470, allergens: ['Wheat', 'Milk'] },
              { name: 'Crispy Grilled Cheese', kind: 'lunch', price: 695, kcal: 520, allergens: ['Wheat', 'Milk'] },
            ],
          },
          {
            path: 'protein-boxes',
            name: 'Protein Boxes',
            products: [
              { name: 'Eggs & Cheddar Protein Box', kind: 'lunch', price: 695, kcal: 460, allergens: ['Wheat', 'Milk', 'Egg', 'Peanuts'] },
              { name: 'Cheese & Fruit Protein Box', kind: 'lunch', price: 695, kcal: 470, allergens: ['Wheat', 'Milk', 'Tree Nuts'] },
              { name: 'Chicken & Hummus Protein Box', kind: 'lunch', price: 745, kcal: 300, allergens: ['Wheat', 'Sesame'] },
            ],
          },
          { path: 'salads-and-bowls', name: 'Salads & Bowls', products: [{ name: 'Chicken & Quinoa Protein Bowl', kind: 'lunch', price: 895, kcal: 420, allergens: ['Soy'] }, { name: 'Lentils & Vegetable Protein Bowl', kind: 'lunch', price: 845, kcal: 580, allergens: ['Soy', 'Sesame'] }] },
        ],
      },
      {
        path: 'snacks',
        name: 'Snacks & Sweets',
        products: [
          { name: 'Sea Salt Potato Chips', kind: 'snack', price: 195, kcal: 220, allergens: [] },
          { name: 'Salted Almonds', kind: 'snack', price: 245, kcal: 170, allergens: ['Tree Nuts'] },
          { name: 'Fruit & Nut Bar', kind: 'snack', price: 275, kcal: 200, allergens: ['Tree Nuts', 'Peanuts'] },
          { name: 'Dark Chocolate Peanut Butter Cups', kind: 'snack', price: 295, kcal: 270, allergens: ['Peanuts', 'Milk', 'Soy'] },
          { name: 'Banana', kind: 'snack', price: 125, kcal: 90, allergens: [] },
          { name: 'Madeleines', kind: 'snack', price: 245, kcal: 200, allergens: WHEAT_MILK_EGG },
          { name: 'Dried Mango', kind: 'snack', price: 295, kcal: 140, allergens: [] },
          { name: 'Cheddar & Crackers', kind: 'snack', price: 325, kcal: 230, allergens: ['Wheat', 'Milk'] },
        ],
      },
    ],
  },
  {
    path: 'at-home-coffee',
    name: 'At Home Coffee',
    categories: [
      {
        path: 'whole-bean',
        name: 'Whole Bean',
        products: [
          { name: 'Pike Place Roast Whole Bean (1 lb)', kind: 'merch', price: 1695, kcal: 0, allergens: [] },
          { name: 'Veranda Blend Whole Bean (1 lb)', kind: 'merch', price: 1695, kcal: 0, allergens: [] },
          { name: 'Espresso Roast Whole Bean (1 lb)', kind: 'merch', price: 1695, kcal: 0, allergens: [] },
          { name: 'Holiday Blend Whole Bean (1 lb)', kind: 'merch', price: 1795, kcal: 0, allergens: [] },
        ],
      },
      {
        path: 'drinkware',
        name: 'Drinkware',
        products: [
          { name: 'Reusable Hot Cup (16 fl oz)', kind: 'merch', price: 300, kcal: 0, allergens: [] },
          { name: 'Stainless Steel Tumbler (16 fl oz)', kind: 'merch', price: 2495, kcal: 0, allergens: [] },
          { name: 'Ceramic Mug (12 fl oz)', kind: 'merch', price: 1495, kcal: 0, allergens: [] },
        ],
      },
    ],
  },
];
