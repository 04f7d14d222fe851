import { knowingNoOne, type RenderContext, type UploadedImagePreview } from '../context';
import { renderMarkdown } from '../render';
import { youtubeId } from './preview-urls';

const PNG_PATH = '2/ab/AAAAAAAAAAAAAAAAAAAAAAAA/cat.png';
const GIF_PATH = '2/cd/BBBBBBBBBBBBBBBBBBBBBBBB/blink.gif';
const TIFF_PATH = '2/ef/CCCCCCCCCCCCCCCCCCCCCCCC/scan.tiff';
const uploads = new Map<string, UploadedImagePreview>([
  [
    PNG_PATH,
    {
      thumbnailUrl: `/user_uploads/thumbnail/${PNG_PATH}/840x560.webp`,
      width: 128,
      height: 128,
      contentType: 'image/png',
      animated: false,
    },
  ],
  [
    GIF_PATH,
    {
      thumbnailUrl: `/user_uploads/thumbnail/${GIF_PATH}/840x560-anim.webp`,
      width: 100,
      height: 75,
      contentType: 'image/gif',
      animated: true,
    },
  ],
  [
    TIFF_PATH,
    {
      thumbnailUrl: `/user_uploads/thumbnail/${TIFF_PATH}/840x560.webp`,
      width: 3000,
      height: 4000,
      contentType: 'image/tiff',
      animated: false,
      transcodedImage: '3024x4032.webp',
    },
  ],
]);
const org = (overrides: Partial<RenderContext> = {}): RenderContext =>
  knowingNoOne({ realmUrl: 'http://zulip.testserver', imagePreviews: true, uploadedImage: (pathId) => uploads.get(pathId), ...overrides });
const render = (content: string, context: RenderContext | null = org()) => renderMarkdown(content, context);
const image = (url: string, title = '') => `<div class="message_inline_image"><a href="${url}"${title}><img src="${url}"></a></div>`;

describe("link previews (Zulip's inline interesting links)", () => {
  it('replaces a paragraph holding only an image link by its preview', () => {
    expect(render('http://cdn.example.com/13/6/16eVjx.jpeg')).toBe(image('http://cdn.example.com/13/6/16eVjx.jpeg'));
  });

  it('keeps a named link and titles its preview with the name', () => {
    expect(render('[My favorite image](https://example.com/testimage.png)')).toBe(
      '<p><a href="https://example.com/testimage.png">My favorite image</a></p>\n' +
        image('https://example.com/testimage.png', ' title="My favorite image"'),
    );
  });

  it('puts the previews of one paragraph after it, in their order, and one per distinct link', () => {
    const [u0, u1] = ['https://example.com/a.png', 'https://example.com/b.gif'];
    expect(render(`${u0}\n${u1}\n${u0}`)).toBe(
      `<p><a href="${u0}">${u0}</a><br>\n<a href="${u1}">${u1}</a><br>\n<a href="${u0}">${u0}</a></p>\n${image(u0)}${image(u1)}`,
    );
  });

  it('previews links in list items inside the item, and none inside quotes', () => {
    const u = (n: number) => `https://example.com/${n}.jpg`;
    expect(render(`${u(0)}\n\n>${u(1)}\n\n* ${u(2)}\n* ${u(3)}`)).toBe(
      `${image(u(0))}<blockquote>\n<p><a href="${u(1)}">${u(1)}</a></p>\n</blockquote>\n<ul>\n<li>${image(u(2))}</li>\n<li>${image(u(3))}</li>\n</ul>`,
    );
  });

  it('makes no previews at all for a message linking more than 24 URLs', () => {
    const links = Array.from({ length: 25 }, (_, i) => `https://example.com/${i}.png`);
    expect(render(links.join(' '))).not.toContain('message_inline_image');
    expect(render(links.slice(0, 24).join(' '))).toContain('message_inline_image');
  });

  it('shows a GitHub file page as its raw file and a Wikipedia file page as the file', () => {
    const github = 'https://github.com/zulip/zulip/blob/main/static/images/logo/zulip-icon-128x128.png';
    expect(render(`Test: ${github}`)).toBe(
      `<p>Test: <a href="${github}">${github}</a></p>\n<div class="message_inline_image"><a href="${github}"><img src="https://raw.githubusercontent.com/zulip/zulip/main/static/images/logo/zulip-icon-128x128.png"></a></div>`,
    );
    expect(render('https://en.wikipedia.org/wiki/File:Wright_of_Derby,_The_Orrery.jpg')).toBe(
      image('https://en.wikipedia.org/wiki/Special:FilePath/File:Wright_of_Derby,_The_Orrery.jpg'),
    );
  });

  it('previews MP4 and WebM videos, not other files', () => {
    expect(render('[clip](https://example.com/v.webm)')).toBe(
      '<p><a href="https://example.com/v.webm">clip</a></p>\n<div class="message_inline_image message_inline_video"><a href="https://example.com/v.webm" title="clip"><video preload="metadata" src="https://example.com/v.webm"></video></a></div>',
    );
    expect(render('https://example.com/v.mp4?download=1')).toBe(
      '<p><a href="https://example.com/v.mp4?download=1">https://example.com/v.mp4?download=1</a></p>',
    );
    expect(render('https://pasteboard.co/abc.png')).toBe(
      '<p><a href="https://pasteboard.co/abc.png">https://pasteboard.co/abc.png</a></p>',
    );
  });

  it('previews YouTube videos and keeps their links', () => {
    const url = 'http://www.youtube.com/watch?v=hx1mjT73xYE';
    expect(render(`Check out the debate: ${url}`)).toBe(
      `<p>Check out the debate: <a href="${url}">${url}</a></p>\n<div class="youtube-video message_inline_image"><a data-id="hx1mjT73xYE" href="${url}"><img src="https://i.ytimg.com/vi/hx1mjT73xYE/mqdefault.jpg"></a></div>`,
    );
    expect(render('https://www.youtube.com/playlist?list=PL8dPuuaLjXtNlUrzyH5r6jN9ulIgZBpdo')).not.toContain('youtube-video');
  });

  it.each([
    ['https://youtu.be/abc_-1', 'abc_-1'],
    ['https://m.youtube.com/watch?feature=x&v=abc', 'abc'],
    ['https://www.youtube.com/watch_videos?video_ids=one,two', 'one'],
    ['https://youtube.com/shorts/xyz', 'xyz'],
    ['https://www.youtube-nocookie.com/embed/xyz?start=3', 'xyz'],
    ['https://youtube.com/watch?v=bad%20id', undefined],
    ['ftp://youtube.com/watch?v=abc', undefined],
    ['https://notyoutube.com/watch?v=abc', undefined],
  ])('finds the YouTube video of %s', (url, id) => {
    expect(youtubeId(url)).toBe(id);
  });

  it('renders an uploaded image as its thumbnail, with its size and type', () => {
    const url = `/user_uploads/${PNG_PATH}`;
    expect(render(`[image](${url})`)).toBe(
      `<p><a href="${url}">image</a></p>\n<div class="message_inline_image"><a href="${url}" title="image"><img data-original-content-type="image/png" data-original-dimensions="128x128" src="/user_uploads/thumbnail/${PNG_PATH}/840x560.webp"></a></div>`,
    );
  });

  it("writes a message with an uploaded image's thumbnail as Zulip's BeautifulSoup step does, and others as they are", () => {
    const url = `/user_uploads/${PNG_PATH}`;
    expect(render(`[say "cat"](${url}) &copy; &foo; it's`)).toBe(
      `<p><a href="${url}">say "cat"</a> © &amp;foo it's</p>\n<div class="message_inline_image"><a href="${url}" title='say "cat"'><img data-original-content-type="image/png" data-original-dimensions="128x128" src="/user_uploads/thumbnail/${PNG_PATH}/840x560.webp"></a></div>`,
    );
    expect(render('[say "cat"](https://example.com/cat.png) &copy;')).toBe(
      '<p><a href="https://example.com/cat.png">say "cat"</a> &copy;</p>\n<div class="message_inline_image"><a href="https://example.com/cat.png" title="say &quot;cat&quot;"><img src="https://example.com/cat.png"></a></div>',
    );
  });

  it('marks animated uploads and names the large version of images browsers cannot show', () => {
    expect(render(`[blink](/user_uploads/${GIF_PATH})`)).toContain(
      `<img data-animated="true" data-original-content-type="image/gif" data-original-dimensions="100x75" src="/user_uploads/thumbnail/${GIF_PATH}/840x560-anim.webp">`,
    );
    expect(render(`[scan](/user_uploads/${TIFF_PATH})`)).toContain('data-transcoded-image="3024x4032.webp"');
  });

  it('gives an upload that is not an image a plain link, whatever its name, and leaves code alone', () => {
    const url = '/user_uploads/2/aa/DDDDDDDDDDDDDDDDDDDDDDDD/notes.png';
    expect(render(`[notes](${url})`)).toBe(`<p><a href="${url}">notes</a></p>`);
    expect(render(`https://example.com/a.png\n\`\`\`\n/user_uploads/${PNG_PATH}\n\`\`\``)).toBe(
      `${image('https://example.com/a.png')}<div class="codehilite"><pre><span></span><code>/user_uploads/${PNG_PATH}\n</code></pre></div>`,
    );
  });

  it('makes no previews where the organization turned them off, or without an organization', () => {
    expect(render('https://example.com/a.png', org({ imagePreviews: false }))).toBe(
      '<p><a href="https://example.com/a.png">https://example.com/a.png</a></p>',
    );
    expect(render('https://example.com/a.png', null)).toBe('<p><a href="https://example.com/a.png">https://example.com/a.png</a></p>');
  });
});
