// Every screen by name: the engine looks a state's screen up here.
import type { Screen, ScreenName, StateOf } from '../types';
import { addressDescription, addressDetail, addressDistrict, addresses, addressPhone, addressPhoneOther, addressSector, addressStreet } from './address';
import { cart, cartClear, cartLine, cartQuantity } from './cart';
import { categories, category } from './category';
import { checkoutAddress, checkoutConfirm, checkoutMissing, checkoutWindow } from './checkout';
import { againConfirm } from './order-again';
import { basket, basketDay, baskets, basketStop, basketTime } from './weekly-basket';
import { home } from './home';
import { language } from './language';
import { loginRequired } from './login';
import { order, orderQuestion, orders } from './orders';
import { added, product, quantity } from './product';
import { resume } from './resume';
import { searchPrompt, searchResults } from './search';
import { signup } from './signup';

export const screens: { [N in ScreenName]: Screen<N> } = {
  language,
  signup,
  resume,
  home,
  'search-prompt': searchPrompt,
  'search-results': searchResults,
  categories,
  category,
  product,
  quantity,
  added,
  cart,
  'cart-line': cartLine,
  'cart-quantity': cartQuantity,
  'cart-clear': cartClear,
  'checkout-address': checkoutAddress,
  'address-district': addressDistrict,
  'address-sector': addressSector,
  'address-street': addressStreet,
  'address-description': addressDescription,
  'address-phone': addressPhone,
  'address-phone-other': addressPhoneOther,
  'checkout-confirm': checkoutConfirm,
  'checkout-missing': checkoutMissing,
  'checkout-window': checkoutWindow,
  'again-confirm': againConfirm,
  baskets,
  basket,
  'basket-day': basketDay,
  'basket-time': basketTime,
  'basket-stop': basketStop,
  addresses,
  'address-detail': addressDetail,
  orders,
  order,
  'order-question': orderQuestion,
  'login-required': loginRequired,
};

/** The screen that shows this state (typed so its render and handle take this state's data). */
export function screenOf<N extends ScreenName>(state: StateOf<N>): Screen<N> {
  return screens[state.name];
}
