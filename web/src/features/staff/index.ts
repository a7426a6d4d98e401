// The console's face: its addresses. The storefront links to the console by its path alone (see
// profile-sidebar.tsx): a storefront chunk importing a console module would share a chunk with it.
export { staffPaths } from './staff-paths';
