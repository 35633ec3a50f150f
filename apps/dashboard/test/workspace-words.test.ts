import { workspaceWords } from '../src/pages/home/workspace-words.js';

test('a personal workspace is "your personal workspace", not the email said a second time', () => {
  expect(workspaceWords({ kind: 'personal', name: 'ada@example.com', role: 'owner' }, 'ada@example.com')).toEqual({
    name: 'your personal workspace',
    detail: '',
  });
});

test('a team workspace is its name, with its kind and the role in it', () => {
  expect(workspaceWords({ kind: 'team', name: 'Features desk', role: 'member' }, 'ada@example.com')).toEqual({
    name: 'Features desk',
    detail: ' (team, member)',
  });
});

test('a session whose workspace is not listed says "your workspace"', () => {
  expect(workspaceWords(undefined, 'ada@example.com')).toEqual({ name: 'your workspace', detail: '' });
});

test('a personal workspace with a name of its own (an account the admin CLI made) is said by that name', () => {
  expect(workspaceWords({ kind: 'personal', name: 'Print desk', role: 'owner' }, 'desk@example.com')).toEqual({
    name: 'Print desk',
    detail: ' (personal, owner)',
  });
});
