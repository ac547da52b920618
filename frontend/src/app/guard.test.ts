import { describe, expect, it } from 'vitest';
import { guardRedirect } from '@/app/guard';

describe('navigation guard', () => {
  it('lets a logged-out user open only the login pages', () => {
    for (const path of [
      '/pages/login/index',
      '/pages/login/forget',
      '/pages/login/reg',
      '/pages/login/lang',
    ]) {
      expect(guardRedirect(path, false), path).toBeNull();
    }
    for (const path of [
      '/',
      '/pages/home/index',
      '/pages/mine/index',
      '/pages/yn28/trend',
      '/pages/yn28/customer',
      '/nope',
    ]) {
      expect(guardRedirect(path, false), path).toBe('/pages/login/index');
    }
  });

  it('ignores the query string and a trailing slash', () => {
    expect(guardRedirect('/pages/login/reg?invite=ABC', false)).toBeNull();
    expect(guardRedirect('/pages/login/index/', false)).toBeNull();
    expect(guardRedirect('/pages/mine/index?x=1', false)).toBe('/pages/login/index');
  });

  it('sends a logged-in user from login or register to home', () => {
    expect(guardRedirect('/pages/login/index', true)).toBe('/pages/home/index');
    expect(guardRedirect('/pages/login/reg', true)).toBe('/pages/home/index');
    expect(guardRedirect('/pages/login/lang', true)).toBeNull();
    expect(guardRedirect('/pages/login/forget', true)).toBeNull();
    expect(guardRedirect('/pages/mine/index', true)).toBeNull();
  });

  it('keeps an excluded player on the withdrawal, the records, mine and the protection page', () => {
    for (const path of [
      '/pages/mine/protection',
      '/pages/mine/index',
      '/pages/yn28/info/withdraw',
      '/pages/yn28/info/withdrawalsrecord',
      '/pages/mine/account/bill',
      '/pages/mine/account/index',
      '/pages/mine/account/statement',
    ]) {
      expect(guardRedirect(path, true, true), path).toBeNull();
    }
    for (const path of [
      '/',
      '/pages/home/index',
      '/pages/cc/k3/index',
      '/pages/yn28/game/roominfo',
      '/pages/mine/savings-account/index',
      '/pages/conversion/index',
      '/pages/lc/goodlist',
      '/pages/cc/task/sign',
      '/pages/login/index',
    ]) {
      expect(guardRedirect(path, true, true), path).toBe('/pages/mine/protection?blocked=1');
    }
    expect(guardRedirect('/pages/yn28/info/withdraw/?x=1', true, true)).toBeNull();
    // Logged out, an exclusion changes nothing: the login page first.
    expect(guardRedirect('/pages/home/index', false, true)).toBe('/pages/login/index');
  });
});
