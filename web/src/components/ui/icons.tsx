// Inline SVG icons: a handful of paths costs less than any icon library and needs no extra request.
// One module each (icons/), named here: a chunk carries only the icons it draws. In one module, every
// icon any screen drew rode in the chunk both entries share, on every first load.
export { CartIcon } from './icons/cart-icon';
export { SearchIcon } from './icons/search-icon';
export { MenuIcon } from './icons/menu-icon';
export { CloseIcon } from './icons/close-icon';
export { UserIcon } from './icons/user-icon';
export { ChevronLeftIcon } from './icons/chevron-left-icon';
export { ChevronRightIcon } from './icons/chevron-right-icon';
export { ChevronDownIcon } from './icons/chevron-down-icon';
export { ArrowLeftIcon } from './icons/arrow-left-icon';
export { PlusIcon } from './icons/plus-icon';
export { MinusIcon } from './icons/minus-icon';
export { TrashIcon } from './icons/trash-icon';
export { EditIcon } from './icons/edit-icon';
export { CheckIcon } from './icons/check-icon';
export { InfoIcon } from './icons/info-icon';
export { AlertIcon } from './icons/alert-icon';
export { LeafIcon } from './icons/leaf-icon';
export { TruckIcon } from './icons/truck-icon';
export { ReturnIcon } from './icons/return-icon';
export { PhoneIcon } from './icons/phone-icon';
export { MailIcon } from './icons/mail-icon';
export { MapPinIcon } from './icons/map-pin-icon';
export { ClockIcon } from './icons/clock-icon';
export { ChatIcon } from './icons/chat-icon';
export { PackageIcon } from './icons/package-icon';
export { HeartIcon } from './icons/heart-icon';
export { StoreIcon } from './icons/store-icon';
export { LogOutIcon } from './icons/log-out-icon';
export { StarIcon } from './icons/star-icon';
