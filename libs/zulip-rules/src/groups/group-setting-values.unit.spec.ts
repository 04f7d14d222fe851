import {
  currentSettingValue,
  parseGroupSettingValue,
  sameSettingValue,
  settingValueChanges,
  settingValueView,
} from './group-setting-values';

const anonymous = (directMembers: number[], directSubgroups: number[] = []) => ({ directMembers, directSubgroups });

describe('group-setting values', () => {
  it('reads one subgroup alone as that group, nothing as "nobody", and sorts the rest', () => {
    expect(parseGroupSettingValue(20)).toBe(20);
    expect(parseGroupSettingValue({ direct_members: [], direct_subgroups: [21] })).toBe(21);
    expect(parseGroupSettingValue({ direct_members: [], direct_subgroups: [] })).toBe(1);
    expect(parseGroupSettingValue({ direct_members: [5, 4, 5], direct_subgroups: [22, 21] })).toEqual(anonymous([4, 5], [21, 22]));
  });

  it('compares values as sets', () => {
    expect(sameSettingValue(anonymous([4, 5]), anonymous([5, 4]))).toBe(true);
    expect(sameSettingValue(anonymous([4]), anonymous([4], [20]))).toBe(false);
    expect(sameSettingValue(20, anonymous([], [20]))).toBe(false);
  });

  it("refuses a stale 'old' with the caller's error, else says whether the value changes", () => {
    const stale = () => new Error('stale');
    expect(() => settingValueChanges(20, 21, 22, stale)).toThrow('stale');
    expect(settingValueChanges(20, 21, 20, stale)).toBe(true);
    expect(settingValueChanges(anonymous([4, 5]), anonymous([5, 4]), undefined, stale)).toBe(false);
  });

  it('leaves deactivated users out of what it shows', () => {
    const isActive = (userId: number) => userId !== 6;
    expect(currentSettingValue(isActive, anonymous([4, 6], [20]))).toEqual(anonymous([4], [20]));
    expect(settingValueView(isActive, anonymous([4, 6], [20]))).toEqual({ direct_members: [4], direct_subgroups: [20] });
    expect(settingValueView(isActive, 7)).toBe(7);
  });
});
