import type { ImportedPage } from '../imports/imported-content.js';

/** A built-in starting structure for a space. */
export interface ContentTemplate {
  id: string;
  title: string;
  description: string;
  pages: ImportedPage[];
}

const page = (title: string, markdown: string, pages: ImportedPage[] = []): ImportedPage => ({
  title,
  markdown,
  pages,
});

/** The templates `applyTemplateToSpace` knows, in the order they are listed. */
export const contentTemplates: readonly ContentTemplate[] = [
  {
    id: 'product-docs',
    title: 'Product documentation',
    description: 'An overview, a quickstart, guides and a FAQ: what users of a product need first.',
    pages: [
      page(
        'Overview',
        'What the product does, who it is for and where to start.\n\n## Key features\n\n- Feature one\n- Feature two\n',
      ),
      page(
        'Quickstart',
        'Get from nothing to a first result in five minutes.\n\n## Install\n\n```sh\n# the install command\n```\n\n## First steps\n\n1. Sign in.\n2. Create your first project.\n',
      ),
      page('Guides', 'Step-by-step guides for common tasks.\n', [
        page('Configuration', 'Every setting, its default and when to change it.\n'),
        page('Integrations', 'Connect the product to the tools you already use.\n'),
      ]),
      page('FAQ', '## How do I get help?\n\nContact support or ask the community.\n'),
    ],
  },
  {
    id: 'api-reference',
    title: 'API reference',
    description:
      'Authentication, errors, pagination and a page per resource: the skeleton of an API reference.',
    pages: [
      page(
        'Introduction',
        'The API is organised around REST: resource URLs, JSON bodies and standard HTTP codes.\n\n## Base URL\n\n```\nhttps://api.example.com/v1\n```\n',
      ),
      page(
        'Authentication',
        'Send your API token in the `Authorization` header:\n\n```http\nAuthorization: Bearer <token>\n```\n',
      ),
      page(
        'Errors',
        '| Code | Meaning |\n| --- | --- |\n| 400 | The request is invalid. |\n| 401 | The token is missing or wrong. |\n| 404 | The resource does not exist. |\n',
      ),
      page(
        'Pagination',
        'Lists answer `{items, count, next}`; pass `next.page` back as `page` for the next page.\n',
      ),
      page('Resources', 'One page per resource, with its fields and operations.\n', [
        page('Users', '## The user object\n\n## List users\n\n## Get a user\n'),
      ]),
      page('Changelog', 'What changed in each version of the API.\n'),
    ],
  },
  {
    id: 'knowledge-base',
    title: 'Knowledge base',
    description: 'Getting started, how-to articles, troubleshooting and contact: a help center.',
    pages: [
      page('Welcome', 'Find answers to common questions, or contact us if you can’t.\n'),
      page('Getting started', 'The first things to know.\n', [
        page('Create an account', '1. Open the sign-up page.\n2. Confirm your email address.\n'),
      ]),
      page('How-to articles', 'Short answers to “how do I…?” questions.\n'),
      page(
        'Troubleshooting',
        '## Something doesn’t work\n\nCheck the status page, then the steps below.\n',
      ),
      page(
        'Contact support',
        'Write to support with what you did, what you expected and what happened.\n',
      ),
    ],
  },
  {
    id: 'team-handbook',
    title: 'Team handbook',
    description: 'Mission, how we work, onboarding, tools and policies: the pages a team keeps.',
    pages: [
      page('About us', '## Mission\n\n## Values\n'),
      page('How we work', '## Communication\n\n## Meetings\n\n## Decisions\n'),
      page('Onboarding', 'Your first week.\n', [
        page('First day', '- Get your accounts.\n- Meet your team.\n'),
        page('First month', '- Ship something small.\n- Pair with a teammate.\n'),
      ]),
      page('Tools', 'The tools we use and what each is for.\n'),
      page('Policies', '## Time off\n\n## Expenses\n\n## Security\n'),
    ],
  },
];

/** How many pages a template adds. */
export function templatePageCount(template: ContentTemplate): number {
  const count = (pages: readonly ImportedPage[]): number =>
    pages.reduce((total, item) => total + 1 + count(item.pages), 0);
  return count(template.pages);
}
