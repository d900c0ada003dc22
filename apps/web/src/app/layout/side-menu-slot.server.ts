// Server rendering renders synchronously: the menu comes in with the page's module.
export { HeaderAccount, SideMenu } from './side-menu';
