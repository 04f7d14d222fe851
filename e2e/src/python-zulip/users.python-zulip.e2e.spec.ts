import { createUser, owner, runPythonZulip, systemInfo } from '@zulip-es/testing';

type Answer = Record<string, unknown>;

/** The account, the organization's users and presence, through the Python `zulip` package. */
describe('Python zulip client: users and presence', () => {
  it('reads its own profile and the server settings the client asks for when it starts', async () => {
    const alice = await createUser({ label: 'py-users-profile' });
    const result = await runPythonZulip<{ profile: Answer; settings: Answer; version: string }>(
      alice,
      'return {"profile": client.get_profile(), "settings": client.get_server_settings(), "version": client.zulip_version}',
    );
    expect(result.profile).toMatchObject({
      result: 'success',
      user_id: alice.userId,
      email: alice.email,
      full_name: alice.fullName,
      is_admin: false,
    });
    expect(result.settings).toMatchObject({
      result: 'success',
      zulip_version: expect.any(String),
      zulip_feature_level: expect.any(Number),
      realm_uri: expect.any(String),
    });
    expect(result.version).toBe(result.settings.zulip_version);
  });

  it('lists the members and reads one by id', async () => {
    const alice = await createUser({ label: 'py-users-list' });
    const bob = await createUser({ label: 'py-users-other' });
    const result = await runPythonZulip<{ members: { members: Answer[] }; users: { members: Answer[] }; one: Answer }>(
      alice,
      'return {"members": client.get_members(), "users": client.get_users(), "one": client.get_user_by_id(args["bob"])}',
      { args: { bob: bob.userId } },
    );
    const expected = [
      expect.objectContaining({ user_id: alice.userId, email: alice.email, full_name: alice.fullName }),
      expect.objectContaining({ user_id: bob.userId, email: bob.email, full_name: bob.fullName }),
      expect.objectContaining({ user_id: systemInfo().owner.userId, email: owner().email, is_owner: true }),
    ];
    expect(result.members.members).toEqual(expect.arrayContaining(expected));
    expect(result.users.members).toEqual(expect.arrayContaining(expected));
    expect(result.one).toMatchObject({ result: 'success', user: { user_id: bob.userId, email: bob.email, full_name: bob.fullName } });
  });

  it("reports presence and reads it back in the organization's presence", async () => {
    const alice = await createUser({ label: 'py-users-presence' });
    const result = await runPythonZulip<{ updated: Answer; realm: { presences: Record<string, Record<string, { status: string }>> } }>(
      alice,
      `
      updated = client.update_presence({"status": "active", "ping_only": False, "new_user_input": True})
      return {"updated": updated, "realm": client.get_realm_presence()}
      `,
    );
    expect(result.updated).toMatchObject({ result: 'success' });
    expect(result.realm.presences[alice.email]).toMatchObject({ aggregated: { status: 'active' } });
  });

  it('fails with the Python traceback and the numbered program when a snippet raises', async () => {
    const alice = await createUser({ label: 'py-users-failure' });
    await expect(runPythonZulip(alice, 'return client.no_such_method()')).rejects.toThrow(
      /exited with code 1[\s\S]*AttributeError: 'Client' object has no attribute 'no_such_method'[\s\S]*--- program ---[\s\S]* 5 {6}return client\.no_such_method\(\)/,
    );
  });
});
