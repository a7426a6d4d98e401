// What other features may use from addresses: the shared add/edit dialog and the list call (checkout).
export { AddressFormDialog } from './components/address-form-dialog';
export { fetchAddresses } from './api/addresses-api';
export { AddressSummary } from './components/address-summary';
