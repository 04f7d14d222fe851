import { createUser, runPythonZulip } from '@zulip-es/testing';

/** Previews through the Python `zulip` package, as an editor integration shows them. */
describe('Python zulip client: rendering', () => {
  it("previews Zulip's Markdown with render_message", async () => {
    const user = await createUser({ label: 'py-render' });
    const done = await runPythonZulip<{ result: string; rendered: string }>(
      user,
      `return client.render_message({"content": "**bold** :octopus: @**all**"})`,
    );
    expect(done).toMatchObject({ result: 'success' });
    expect(done.rendered).toBe(
      '<p><strong>bold</strong> <span aria-label="octopus" class="emoji emoji-1f419" role="img" title="octopus">:octopus:</span> ' +
        '<span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span></p>',
    );
  });
});
