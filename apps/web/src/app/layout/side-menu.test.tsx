import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '@/test/render-with-store';
import { SideMenu } from './side-menu';

const currentLinks = () =>
  within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('side menu', () => {
  it.each([
    ['/more-action/tool-assistant', '工具助手'],
    ['/more-action', '全部功能'],
    ['/lottery-history', '历史开奖'],
  ])('marks one link as the page at %s', (path, name) => {
    renderWithStore(<SideMenu />, { path });
    expect(currentLinks()).toEqual([name]);
  });
});
