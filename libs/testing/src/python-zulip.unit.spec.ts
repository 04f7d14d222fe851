import { dedent, pythonProgram } from './python-zulip';

describe('the program around a Python snippet', () => {
  it('removes the indentation a template literal gives the snippet, keeping its own', () => {
    expect(dedent('\n      a = 1\n      if a:\n          b = 2\n\n      return b\n    ')).toBe('a = 1\nif a:\n    b = 2\n\nreturn b');
  });

  it('makes the snippet the body of main(client, args), and writes its result as JSON', () => {
    const program = pythonProgram('\n  x = client.get_profile()\n  return x\n');
    expect(program).toContain('def main(client, args):\n    x = client.get_profile()\n    return x\n');
    expect(program).toContain('client = zulip.Client(config_file=zuliprc, client="zulip-es-tests")');
    expect(program).toContain('json.dump(result, f)');
  });
});
