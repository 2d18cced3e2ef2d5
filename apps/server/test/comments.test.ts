import { QuireApiError } from '@quire/client';
import type { components } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { expectEvery } from './support/expect-every.js';
import { createMergeSpace, type MergeSpace } from './support/merge-scenario.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

type CommentInput = components['schemas']['CommentInput'];
type CommentUpdate = components['schemas']['CommentUpdateInput'];

describe('comments', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let commenter: TestUser;
  let editor: TestUser;
  let content: MergeSpace;
  let spaceId: string;
  let pageId: string;
  let changeRequestId: string;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    commenter = await server.createUser({ organizationId: staff.organizationId, role: 'comment' });
    editor = await server.createUser({ organizationId: staff.organizationId, role: 'edit' });
    content = await createMergeSpace(staff.admin, staff.organizationId);
    spaceId = content.spaceId;
    const first = await content.open('Install page');
    await content.apply(first, [
      {
        operation: 'insert_page',
        ref: 'install',
        title: 'Install',
        document: {
          markdown: '# Install\n\nRun `quire init` in an empty folder.\n\nThen start it.\n',
        },
      },
    ]);
    await content.merge(first);
    pageId = content.refs.install ?? '';
    changeRequestId = await content.open('Under review');
  });
  afterAll(() => server.close());

  const spacePath = () => ({ path: { spaceId } });
  const post = (user: TestUser, body: CommentInput, format?: 'markdown' | 'document') =>
    user.client.POST('/spaces/{spaceId}/comments', {
      params: { ...spacePath(), query: format === undefined ? {} : { format } },
      body,
    });
  const say = (user: TestUser, markdown: string) => post(user, { body: { markdown } });
  const get = (user: TestUser, commentId: string, format?: 'markdown' | 'document') =>
    user.client.GET('/spaces/{spaceId}/comments/{commentId}', {
      params: { path: { spaceId, commentId }, query: format === undefined ? {} : { format } },
    });
  const put = (user: TestUser, commentId: string, body: CommentUpdate) =>
    user.client.PUT('/spaces/{spaceId}/comments/{commentId}', {
      params: { path: { spaceId, commentId } },
      body,
    });
  const remove = (user: TestUser, commentId: string) =>
    user.client.DELETE('/spaces/{spaceId}/comments/{commentId}', {
      params: { path: { spaceId, commentId } },
    });
  const list = (
    user: TestUser,
    query: {
      status?: 'all' | 'open' | 'resolved';
      targetPage?: string;
      authors?: string[];
      order?: 'asc' | 'desc';
      limit?: number;
      page?: string;
      format?: 'markdown' | 'document';
    } = {},
  ) => user.client.GET('/spaces/{spaceId}/comments', { params: { ...spacePath(), query } });
  const reply = (user: TestUser, commentId: string, markdown: string) =>
    user.client.POST('/spaces/{spaceId}/comments/{commentId}/replies', {
      params: { path: { spaceId, commentId } },
      body: { body: { markdown } },
    });
  const replyPath = (commentId: string, commentReplyId: string) => ({
    path: { spaceId, commentId, commentReplyId },
  });
  const openCount = async () =>
    (await staff.admin.client.GET('/spaces/{spaceId}', { params: spacePath() })).comments;
  const pageDocument = async () => {
    const page = await staff.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
      params: { path: { spaceId, pageId }, query: { format: 'document' } },
    });
    return page.type === 'document' ? page.document : undefined;
  };

  it('posts a comment for comment+ and shows it in Markdown or as a document', async () => {
    const before = await openCount();
    const posted = await say(commenter, 'Looks **good** to me');
    expect(posted).toMatchObject({
      object: 'comment',
      postedBy: { id: commenter.user.id },
      body: { markdown: 'Looks **good** to me\n' },
      status: 'open',
      replies: 0,
      reactions: [],
      target: { space: spaceId },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(posted.editedAt).toBeUndefined();
    expect(posted.urls.location).toMatch(
      new RegExp(`/v1/spaces/${spaceId}/comments/${posted.id}$`),
    );
    const asDocument = await get(staff.reader, posted.id, 'document');
    expect(asDocument.body).toMatchObject({
      document: { object: 'document', nodes: [{ object: 'block', type: 'paragraph' }] },
    });
    expect(asDocument.permissions).toEqual({
      view: true,
      edit: false,
      reply: false,
      delete: false,
    });
    const byAdmin = await get(staff.admin, posted.id);
    expect(byAdmin.permissions).toEqual({ view: true, edit: false, reply: true, delete: true });

    // A body given as a document is stored once and comes back as the same text.
    const fromDocument = await post(editor, {
      body: {
        document:
          asDocument.body && 'document' in asDocument.body
            ? asDocument.body.document
            : { object: 'document', nodes: [] },
      },
    });
    expect(fromDocument.body).toEqual({ markdown: 'Looks **good** to me\n' });
    expect(await openCount()).toBe(before + 2);
  });

  it('refuses empty bodies, readers, outsiders and anonymous callers, writing nothing', async () => {
    const before = await openCount();
    const events = await server.countRows('events');
    await expectApiError(post(commenter, { body: {} }), 400, /body\.body is empty/);
    await expectApiError(say(commenter, '   \n\n'), 400, /empty/);
    await expectApiError(
      post(commenter, { body: { document: { object: 'document', nodes: [] } } }),
      400,
      /empty/,
    );
    await expectApiError(
      post(commenter, { body: { document: { object: 'document', nodes: [{ nonsense: true }] } } }),
      400,
      /not a valid document/,
    );
    await expectApiError(say(staff.reader, 'Me too'), 403, /comment role or higher/);
    await expectApiError(say(staff.outsider, 'Hello'), 404);
    await expectApiError(list(staff.outsider), 404);
    await expectApiError(
      server.clientWith().GET('/spaces/{spaceId}/comments', { params: spacePath() }),
      401,
    );
    expect(await openCount()).toBe(before);
    expect(await server.countRows('events')).toBe(events);
  });

  it('puts comments on a page and a block of it, outdated once the page changes', async () => {
    const document = await pageDocument();
    const key =
      (document?.nodes ?? []).flatMap((node) =>
        typeof node === 'object' &&
        node !== null &&
        'type' in node &&
        node.type === 'paragraph' &&
        'key' in node &&
        typeof node.key === 'string'
          ? [node.key]
          : [],
      )[0] ?? '';
    const onBlock = await post(commenter, {
      body: { markdown: 'Which folder?' },
      page: pageId,
      node: key,
    });
    expect(onBlock.target).toEqual({
      space: spaceId,
      revision: expect.any(String),
      page: expect.objectContaining({
        id: pageId,
        title: 'Install',
        path: 'install',
        outdated: false,
      }),
      node: { id: key, preview: 'Run quire init in an empty folder.' },
    });
    await expectApiError(
      post(commenter, { body: { markdown: 'x' }, page: 'no-such-page' }),
      400,
      /body\.page/,
    );
    await expectApiError(
      post(commenter, { body: { markdown: 'x' }, page: pageId, node: 'no-such-block' }),
      400,
      /body\.node/,
    );
    await expectApiError(
      post(commenter, { body: { markdown: 'x' }, node: key }),
      400,
      /body\.page/,
    );

    server.clock.advance(60_000);
    const edit = await content.open('Edit the page');
    await content.apply(edit, [
      {
        operation: 'update_page',
        page: pageId,
        title: 'Installing',
        document: { markdown: '# Installing\n\nNew text.\n' },
      },
    ]);
    await content.merge(edit);
    const after = await get(staff.reader, onBlock.id);
    expect(after.target.page).toMatchObject({ id: pageId, title: 'Installing', outdated: true });
    expect(after.target.node).toEqual(onBlock.target.node);
    const filtered = await list(staff.reader, { targetPage: pageId });
    expect(filtered.items.map((comment) => comment.id)).toEqual([onBlock.id]);
    expect(filtered.count).toBe(1);
  });

  it('resolves and reopens, keeping the open counter exact', async () => {
    const comment = await say(commenter, 'Please fix the typo');
    const before = await openCount();
    server.clock.advance(1000);
    await expectApiError(put(staff.reader, comment.id, { resolved: true }), 403);
    const resolved = await put(editor, comment.id, { resolved: true });
    expect(resolved).toMatchObject({
      status: 'resolved',
      resolvedBy: { id: editor.user.id },
      resolvedAt: server.clock.now().toISOString(),
    });
    expect(await openCount()).toBe(before - 1);
    // Resolving again changes nothing, and the counter does not move twice.
    await put(staff.admin, comment.id, { resolved: true });
    expect(await openCount()).toBe(before - 1);
    const listed = await list(staff.reader, { status: 'resolved' });
    expect(listed.items.map((item) => item.id)).toContain(comment.id);
    expectEvery(listed.items, (item) => item.status === 'resolved');
    const reopened = await put(commenter, comment.id, { resolved: false });
    expect(reopened.status).toBe('open');
    expect(reopened.resolvedAt).toBeUndefined();
    expect(reopened.resolvedBy).toBeUndefined();
    expect(await openCount()).toBe(before);
    const open = await list(staff.reader, { status: 'open' });
    expectEvery(open.items, (item) => item.status === 'open');
    const all = await list(staff.reader);
    expect(all.count).toBe(open.count + (await list(staff.reader, { status: 'resolved' })).count);
  });

  it('keeps the open counter exact when people resolve, reopen and delete at once', async () => {
    const thread = await createMergeSpace(staff.admin, staff.organizationId);
    const path = { path: { spaceId: thread.spaceId } };
    const comments = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        commenter.client.POST('/spaces/{spaceId}/comments', {
          params: path,
          body: { body: { markdown: `Point ${index}` } },
        }),
      ),
    );
    const onComment = (commentId: string) => ({ path: { ...path.path, commentId } });
    const resolve = (user: TestUser, commentId: string, resolved: boolean) =>
      user.client.PUT('/spaces/{spaceId}/comments/{commentId}', {
        params: onComment(commentId),
        body: { resolved },
      });
    await Promise.all(
      comments.flatMap((comment, index) => {
        const racing = [resolve(editor, comment.id, true), resolve(staff.admin, comment.id, true)];
        if (index % 3 === 0) {
          racing.push(
            staff.admin.client
              .DELETE('/spaces/{spaceId}/comments/{commentId}', { params: onComment(comment.id) })
              .then(() => comment),
          );
        }
        if (index % 3 === 1) racing.push(resolve(commenter, comment.id, false));
        // A comment deleted while someone resolves it may answer that one 404; nothing else.
        return racing.map((call) =>
          call.catch((error: unknown) => {
            if (index % 3 === 0 && error instanceof QuireApiError && error.status === 404) return;
            throw error;
          }),
        );
      }),
    );
    const open = await staff.admin.client.GET('/spaces/{spaceId}/comments', {
      params: { ...path, query: { status: 'open' } },
    });
    const space = await staff.admin.client.GET('/spaces/{spaceId}', { params: path });
    expect(space.comments).toBe(open.count);
    const all = await staff.admin.client.GET('/spaces/{spaceId}/comments', { params: path });
    expect(all.count).toBe(8);
  });

  it('lets only the author edit the body, and the author or an admin delete', async () => {
    const comment = await say(commenter, 'First draft');
    server.clock.advance(1000);
    await expectApiError(
      put(editor, comment.id, { body: { markdown: 'Hijacked' } }),
      403,
      /author/,
    );
    await expectApiError(put(staff.admin, comment.id, { body: { markdown: 'Hijacked' } }), 403);
    const edited = await put(commenter, comment.id, { body: { markdown: 'Second draft' } });
    expect(edited.body).toEqual({ markdown: 'Second draft\n' });
    expect(edited.editedAt).toBe(server.clock.now().toISOString());
    await expectApiError(put(commenter, comment.id, { body: {} }), 400, /empty/);
    await expectApiError(put(commenter, comment.id, {} as CommentUpdate), 400);
    await expectApiError(remove(editor, comment.id), 403, /author.*admin/);
    const before = await openCount();
    await remove(staff.admin, comment.id);
    expect(await openCount()).toBe(before - 1);
    await expectApiError(get(staff.admin, comment.id), 404);
    // Deleting what is not there answers 204 too, and records nothing.
    const events = await server.countRows('events');
    await remove(staff.admin, comment.id);
    await remove(commenter, 'never-existed');
    expect(await server.countRows('events')).toBe(events);
    await expectApiError(remove(staff.outsider, comment.id), 404);
    const own = await say(commenter, 'Mine to delete');
    await remove(commenter, own.id);
    await expectApiError(get(commenter, own.id), 404);
  });

  it('replies, counts replies and deletes them with their comment', async () => {
    const comment = await say(commenter, 'Thread');
    const first = await reply(editor, comment.id, 'One');
    server.clock.advance(1000);
    const second = await reply(commenter, comment.id, 'Two');
    expect(first).toMatchObject({
      object: 'comment-reply',
      postedBy: { id: editor.user.id },
      body: { markdown: 'One\n' },
      reactions: [],
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(first.urls.location).toContain(`/comments/${comment.id}/replies/${first.id}`);
    await expectApiError(reply(staff.reader, comment.id, 'No'), 403);
    await expectApiError(reply(commenter, 'missing', 'No'), 404);
    expect((await get(staff.reader, comment.id)).replies).toBe(2);
    // Who replied, most recent first, as GitBook lists them.
    const busy = await say(commenter, 'Busy thread');
    await reply(commenter, busy.id, 'One');
    server.clock.advance(1000);
    await reply(editor, busy.id, 'Two');
    server.clock.advance(1000);
    await reply(editor, busy.id, 'Three');
    const withRepliers = await get(staff.reader, busy.id);
    expect(
      withRepliers.repliers.map(({ user, count, updatedAt }) => [user.id, count, updatedAt]),
    ).toEqual([
      [editor.user.id, 2, server.clock.now().toISOString()],
      [commenter.user.id, 1, new Date(server.clock.now().getTime() - 2000).toISOString()],
    ]);
    expect((await say(commenter, 'Nobody answers')).repliers).toEqual([]);
    const replies = await staff.reader.client.GET(
      '/spaces/{spaceId}/comments/{commentId}/replies',
      {
        params: { path: { spaceId, commentId: comment.id } },
      },
    );
    expect(replies.items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(replies.count).toBe(2);
    const newest = await staff.reader.client.GET('/spaces/{spaceId}/comments/{commentId}/replies', {
      params: {
        path: { spaceId, commentId: comment.id },
        query: { order: 'desc', limit: 1, format: 'document' },
      },
    });
    expect(newest.items.map((item) => item.id)).toEqual([second.id]);
    expect(newest.items[0]?.body).toHaveProperty('document');
    expect(newest.next).toBeDefined();

    const got = await staff.reader.client.GET(
      '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
      {
        params: replyPath(comment.id, first.id),
      },
    );
    expect(got.id).toBe(first.id);
    await expectApiError(
      editor.client.PUT('/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', {
        params: replyPath(comment.id, second.id),
        body: { body: { markdown: 'Not mine' } },
      }),
      403,
    );
    server.clock.advance(1000);
    const edited = await editor.client.PUT(
      '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
      {
        params: replyPath(comment.id, first.id),
        body: { body: { markdown: 'One, edited' }, addedReactions: ['🎉'] },
      },
    );
    expect(edited).toMatchObject({
      body: { markdown: 'One, edited\n' },
      editedAt: server.clock.now().toISOString(),
      reactions: [{ emoji: '🎉', count: 1, users: [{ user: { id: editor.user.id } }] }],
    });
    await expectApiError(
      commenter.client.DELETE('/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', {
        params: replyPath(comment.id, first.id),
      }),
      403,
    );
    await commenter.client.DELETE(
      '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
      {
        params: replyPath(comment.id, second.id),
      },
    );
    await commenter.client.DELETE(
      '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
      {
        params: replyPath(comment.id, second.id),
      },
    );
    expect((await get(staff.reader, comment.id)).replies).toBe(1);

    await remove(commenter, comment.id);
    await expectApiError(
      staff.admin.client.GET('/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', {
        params: replyPath(comment.id, first.id),
      }),
      404,
    );
  });

  it('adds and removes reactions: real emoji only, idempotent, nothing lost to races', async () => {
    const comment = await say(commenter, 'React to me');
    const once = await put(editor, comment.id, { addedReactions: ['👍', '👍🏽'] });
    const twice = await put(editor, comment.id, { addedReactions: ['👍'] });
    expect(twice.reactions).toEqual(once.reactions);
    expect(twice.reactions.map((reaction) => [reaction.emoji, reaction.count])).toEqual([
      ['👍', 1],
      ['👍🏽', 1],
    ]);
    for (const bad of ['thumbs', 'a', '👍👍', '1', ':+1:', '👍 ']) {
      await expectApiError(put(editor, comment.id, { addedReactions: [bad] }), 400, /not an emoji/);
    }
    await expectApiError(put(staff.reader, comment.id, { addedReactions: ['👍'] }), 403);
    const removed = await put(editor, comment.id, { removedReactions: ['👍🏽', '🎉'] });
    expect(removed.reactions.map((reaction) => reaction.emoji)).toEqual(['👍']);

    const people = await Promise.all(
      Array.from({ length: 50 }, () =>
        server.createUser({ organizationId: staff.organizationId, role: 'comment' }),
      ),
    );
    await Promise.all(people.map((person) => put(person, comment.id, { addedReactions: ['🚀'] })));
    const raced = await get(staff.reader, comment.id);
    const rocket = raced.reactions.find((reaction) => reaction.emoji === '🚀');
    expect(rocket?.count).toBe(50);
    expect(new Set(rocket?.users.map((entry) => entry.user.id)).size).toBe(50);
  });

  it('keeps mentions of members and turns others into text', async () => {
    const comment = await say(
      commenter,
      `Ask [@Editor](mention:${editor.user.id}) or [@Stranger](mention:${staff.outsider.user.id})`,
    );
    expect(comment.body).toEqual({
      markdown: `Ask [@Editor](mention:${editor.user.id}) or @Stranger\n`,
    });
    const asDocument = await get(commenter, comment.id, 'document');
    expect(JSON.stringify(asDocument.body)).toContain('"type":"mention"');
  });

  it('filters by author, orders, and pages with the total in count', async () => {
    const thread = await createMergeSpace(staff.admin, staff.organizationId);
    const at = (user: TestUser, markdown: string) =>
      user.client.POST('/spaces/{spaceId}/comments', {
        params: { path: { spaceId: thread.spaceId } },
        body: { body: { markdown } },
      });
    const posted = [];
    for (let index = 0; index < 5; index += 1) {
      server.clock.advance(1000);
      posted.push(await at(index % 2 === 0 ? commenter : editor, `Comment ${index}`));
    }
    const listIn = (query: Record<string, unknown>) =>
      staff.reader.client.GET('/spaces/{spaceId}/comments', {
        params: { path: { spaceId: thread.spaceId }, query },
      });
    const pages: string[] = [];
    let page = await listIn({ limit: 2 });
    expect(page.count).toBe(5);
    pages.push(...page.items.map((item) => item.id));
    while (page.next !== undefined) {
      page = await listIn({ limit: 2, page: page.next.page });
      expect(page.count).toBe(5);
      pages.push(...page.items.map((item) => item.id));
    }
    expect(pages).toEqual(posted.map((item) => item.id).reverse());
    const ascending = await listIn({ order: 'asc' });
    expect(ascending.items.map((item) => item.id)).toEqual(posted.map((item) => item.id));
    const byEditor = await listIn({ authors: [editor.user.id] });
    expect(byEditor.count).toBe(2);
    expectEvery(byEditor.items, (item) => item.postedBy.id === editor.user.id);
    const byBoth = await listIn({ authors: [editor.user.id, commenter.user.id] });
    expect(byBoth.count).toBe(5);
    await expectApiError(listIn({ status: 'closed' }), 400, /query\.status/);
    await expectApiError(listIn({ order: 'sideways' }), 400, /query\.order/);
    await expectApiError(listIn({ limit: 1001 }), 400, /query\.limit/);
    await expectApiError(listIn({ format: 'html' }), 400, /query\.format/);
    await expectApiError(listIn({ page: 'not-a-token' }), 400, /page/);
    const other = await listIn({ limit: 2, order: 'asc' });
    await expectApiError(listIn({ limit: 2, page: other.next?.page }), 400);

    const commenters = await staff.reader.client.GET('/spaces/{spaceId}/commenters', {
      params: { path: { spaceId: thread.spaceId } },
    });
    // Organization members, as GitBook answers them.
    expect(
      commenters.items.map((member) => `${member.object} ${member.user.id} ${member.role}`).sort(),
    ).toEqual([`member ${commenter.user.id} comment`, `member ${editor.user.id} edit`].sort());
    expect(commenters.count).toBe(2);
    const firstCommenter = await staff.reader.client.GET('/spaces/{spaceId}/commenters', {
      params: { path: { spaceId: thread.spaceId }, query: { limit: 1 } },
    });
    expect(firstCommenter.items).toHaveLength(1);
    expect(firstCommenter.next).toBeDefined();
  });

  it('comments on change requests, counted on the change request', async () => {
    const crPath = { path: { spaceId, changeRequestId } };
    await content.apply(changeRequestId, [
      {
        operation: 'insert_page',
        ref: 'draft',
        title: 'Draft page',
        document: { markdown: 'Draft text.' },
      },
    ]);
    const draftId = content.refs.draft ?? '';
    const spaceOpen = await openCount();
    const comment = await commenter.client.POST(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments',
      {
        params: crPath,
        body: { body: { markdown: 'On the draft' }, page: draftId },
      },
    );
    expect(comment.target).toMatchObject({
      space: spaceId,
      changeRequest: changeRequestId,
      page: { id: draftId, title: 'Draft page', outdated: false },
    });
    expect(comment.urls.location).toContain(
      `/change-requests/${changeRequestId}/comments/${comment.id}`,
    );
    // The page exists only in the change request: the space's own thread does not know it.
    await expectApiError(post(commenter, { body: { markdown: 'x' }, page: draftId }), 400);
    const readCr = () =>
      staff.reader.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', {
        params: crPath,
      });
    expect((await readCr()).comments).toBe(1);
    expect(await openCount()).toBe(spaceOpen);
    const onComment = { path: { ...crPath.path, commentId: comment.id } };
    // A change request comment is not a space comment.
    await expectApiError(get(staff.admin, comment.id), 404);
    const resolved = await editor.client.PUT(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}',
      {
        params: onComment,
        body: { resolved: true, addedReactions: ['✅'] },
      },
    );
    expect(resolved.status).toBe('resolved');
    expect((await readCr()).comments).toBe(0);
    const answer = await editor.client.POST(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies',
      {
        params: onComment,
        body: { body: { markdown: 'Done' } },
      },
    );
    const replyPathCr = { path: { ...onComment.path, commentReplyId: answer.id } };
    await editor.client.PUT(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}',
      {
        params: replyPathCr,
        body: { body: { markdown: 'Done, really' } },
      },
    );
    const gotReply = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}',
      { params: { ...replyPathCr, query: { format: 'document' } } },
    );
    expect(gotReply.body).toHaveProperty('document');
    const replies = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies',
      {
        params: onComment,
      },
    );
    expect(replies.count).toBe(1);
    const commenters = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/commenters',
      {
        params: crPath,
      },
    );
    expect(commenters.items.map((user) => user.id).sort()).toEqual(
      [commenter.user.id, editor.user.id].sort(),
    );
    const listed = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments',
      {
        params: { ...crPath, query: { status: 'resolved' } },
      },
    );
    expect(listed.items.map((item) => item.id)).toEqual([comment.id]);
    // By its number too.
    const byNumber = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}',
      {
        params: {
          path: {
            spaceId,
            changeRequestId: String((await readCr()).number),
            commentId: comment.id,
          },
        },
      },
    );
    expect(byNumber.id).toBe(comment.id);
    await editor.client.DELETE(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}',
      {
        params: replyPathCr,
      },
    );
    await editor.client.PUT(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}',
      {
        params: onComment,
        body: { resolved: false },
      },
    );
    expect((await readCr()).comments).toBe(1);
    await commenter.client.DELETE(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}',
      {
        params: onComment,
      },
    );
    expect((await readCr()).comments).toBe(0);
    await expectApiError(
      staff.outsider.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/comments', {
        params: crPath,
      }),
      404,
    );
  });
});
