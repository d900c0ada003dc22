// Server rendering renders synchronously: the menu comes in with the page's module.
export { SideMenu } from './side-menu';
