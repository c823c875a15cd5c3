import { SessionStore, type User } from 'shared-contracts';
import { uploadChecklistPhoto } from '../../src/technician/photoUpload';

const USER: User = { id: '5', fullName: 'Trần Kỹ Thuật', email: 'ktv@evshop.vn', role: 'technician', emailVerified: true, avatar: null };

/** A stand-in XMLHttpRequest: records what is sent and lets the test play the network. */
class FakeRequest {
  static made: FakeRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const createRequest = () => new FakeRequest() as unknown as XMLHttpRequest;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function sessionWith(token: string) {
  const session = new SessionStore(null);
  session.save({ token, refreshToken: 'r', user: USER });
  return session;
}

beforeEach(() => {
  FakeRequest.made = [];
});

describe('uploadChecklistPhoto', () => {
  it("sends the file as multipart 'file' with the session's Bearer token, reports progress, answers the stored photo", async () => {
    const progress: number[] = [];
    const file = new File(['jpeg'], 'ma-phanh.jpg', { type: 'image/jpeg' });
    const pending = uploadChecklistPhoto('/service-orders/7/checklist/11/photos', file, {
      session: sessionWith('access-1'),
      baseUrl: 'https://evshop.test/api',
      createRequest,
      onProgress: (percent) => progress.push(percent),
    });
    const request = FakeRequest.made[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://evshop.test/api/service-orders/7/checklist/11/photos');
    expect(request.headers.Authorization).toBe('Bearer access-1');
    expect(request.body!.get('file')).toBeInstanceOf(File);
    expect((request.body!.get('file') as File).name).toBe('ma-phanh.jpg');

    request.progress(250, 1_000);
    request.progress(1_000, 1_000);
    request.answer(201, { success: true, message: 'Đã tải ảnh lên', data: { id: 91, url: '/api/media/checklist/91.webp', width: 1600, height: 1200 } });
    await expect(pending).resolves.toEqual({ id: 91, url: '/api/media/checklist/91.webp', width: 1600, height: 1200 });
    expect(progress).toEqual([25, 100]);
  });

  it("renews an expired token through the shared client and sends once more; the server's refusal keeps its Vietnamese message and code", async () => {
    const session = sessionWith('old-token');
    const renewToken = jest.fn(async () => session.save({ token: 'new-token', refreshToken: 'r2', user: USER }));
    const pending = uploadChecklistPhoto('service-orders/7/checklist/11/photos', new File(['x'], 'a.png', { type: 'image/png' }), {
      session,
      baseUrl: 'https://evshop.test/api/',
      createRequest,
      renewToken,
    });
    FakeRequest.made[0]!.answer(401, { success: false, message: 'Phiên đăng nhập đã hết hạn.', code: 'UNAUTHORIZED' });
    await flush();
    expect(renewToken).toHaveBeenCalledTimes(1);
    const second = FakeRequest.made[1]!;
    expect(second.headers.Authorization).toBe('Bearer new-token');
    second.answer(409, { success: false, message: 'Mỗi mục chỉ được tối đa 5 ảnh.', code: 'TOO_MANY_PHOTOS' });
    await expect(pending).rejects.toMatchObject({ message: 'Mỗi mục chỉ được tối đa 5 ảnh.', status: 409, code: 'TOO_MANY_PHOTOS' });
  });

  it('says in Vietnamese what a bodiless 413 or a dropped connection means', async () => {
    const session = sessionWith('t');
    const tooLarge = uploadChecklistPhoto('/p', new File(['x'], 'a.jpg', { type: 'image/jpeg' }), { session, createRequest });
    const first = FakeRequest.made[0]!;
    first.status = 413;
    first.responseText = '<html>Request Entity Too Large</html>';
    first.onload?.();
    await expect(tooLarge).rejects.toMatchObject({ message: 'Ảnh vượt quá 8 MB, vui lòng chọn ảnh nhỏ hơn.', status: 413 });

    const dropped = uploadChecklistPhoto('/p', new File(['x'], 'a.jpg', { type: 'image/jpeg' }), { session, createRequest });
    FakeRequest.made[1]!.onerror?.();
    await expect(dropped).rejects.toMatchObject({ code: 'NETWORK', message: 'Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.' });
  });
});
