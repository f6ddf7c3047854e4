// One frame of a Spine export drawn by spine-webgl (the IIFE bundle's global `spine`): load the
// atlas (its pages as WebGL textures) and the skeleton JSON, pose the skeleton at time t of an
// animation, draw it once with an orthographic camera that shows the given image rectangle, and
// publish the canvas as a PNG data URL in window.frame (or the failure in window.frameError).
//
// Query parameters: json, atlas (URLs of the export's files; pages load beside the atlas),
// animation (name; none = setup pose), time (seconds), x0, y0 (image pixel at the canvas's top-left
// corner), width, height (canvas pixels), scale (canvas pixels per image pixel), bg (r,g,b, 0-255),
// skin (name: the skeleton's skin, set before the setup pose; none = the default skin only), pma (1: premultiply straight-alpha pages on upload and draw with premultiplied-alpha blending;
// otherwise the pages are uploaded as written). Pages the atlas declares premultiplied (`pma:true`)
// are uploaded as written and drawn with premultiplied-alpha blending either way: spine-webgl reads
// the flag into `TextureAtlasPage.pma` and leaves it to the application to pass it to
// `drawSkeleton`, as this page does.
// limber's image space is y down and Spine's is y up with one unit per pixel: image (x, y) is
// Spine (x, -y).
const q = new URLSearchParams(location.search);
const num = (name, fallback) => (q.has(name) ? Number(q.get(name)) : fallback);

// The page's pixels exactly as stored: no colour-space conversion and no premultiplication on the
// way (an <img> is decoded premultiplied, which loses the colour of faint rim texels).
async function loadImage(url, premultiply) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: ${response.status}`);
  return createImageBitmap(await response.blob(), {
    premultiplyAlpha: premultiply ? 'premultiply' : 'none', colorSpaceConversion: 'none',
  });
}

async function text(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: ${response.status}`);
  return response.text();
}

async function draw() {
  const width = num('width', 256);
  const height = num('height', 256);
  const scale = num('scale', 1);
  const x0 = num('x0', 0);
  const y0 = num('y0', 0);
  const [r, g, b] = (q.get('bg') || '0,0,0').split(',').map(Number);

  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  document.body.appendChild(canvas);
  const context = new spine.ManagedWebGLRenderingContext(canvas, {
    alpha: false, antialias: false, premultipliedAlpha: false, preserveDrawingBuffer: true,
  });
  if (!context.gl) throw new Error('no WebGL context');

  const gl = context.gl;
  gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
  const premultiplyOnUpload = q.get('pma') === '1';
  const atlasUrl = q.get('atlas');
  const atlas = new spine.TextureAtlas(await text(atlasUrl));
  const base = atlasUrl.slice(0, atlasUrl.lastIndexOf('/') + 1);
  for (const page of atlas.pages) {
    const image = await loadImage(base + encodeURIComponent(page.name), premultiplyOnUpload && !page.pma);
    page.setTexture(new spine.GLTexture(context, image));
  }
  const pma = premultiplyOnUpload || (atlas.pages.length > 0 && atlas.pages.every((page) => page.pma));
  const json = new spine.SkeletonJson(new spine.AtlasAttachmentLoader(atlas));
  const data = json.readSkeletonData(await text(q.get('json')));
  const skeleton = new spine.Skeleton(data);
  const skin = q.get('skin');
  if (skin) {
    if (!data.findSkin(skin)) throw new Error(`no skin named ${skin}`);
    skeleton.setSkinByName(skin);
  }
  skeleton.setToSetupPose();
  const name = q.get('animation');
  if (name) {
    const animation = data.findAnimation(name);
    if (!animation) throw new Error(`no animation named ${name}`);
    const t = num('time', 0);
    animation.apply(skeleton, t, t, true, [], 1, spine.MixBlend.setup, spine.MixDirection.mixIn);
  }
  skeleton.updateWorldTransform(spine.Physics.update);

  const renderer = new spine.SceneRenderer(canvas, context, false);
  // The camera shows image x in [x0, x0 + width / scale] and y in [y0, y0 + height / scale].
  const w = width / scale;
  const h = height / scale;
  renderer.camera.setViewport(w, h);
  renderer.camera.position.set(x0 + w / 2, -(y0 + h / 2), 0);
  gl.viewport(0, 0, width, height);
  gl.clearColor(r / 255, g / 255, b / 255, 1);
  gl.clear(gl.COLOR_BUFFER_BIT);
  renderer.begin();
  renderer.drawSkeleton(skeleton, pma);
  renderer.end();
  gl.finish();
  return canvas.toDataURL('image/png');
}

draw().then(
  (url) => {
    window.frame = url;
  },
  (error) => {
    window.frameError = String(error && error.stack ? error.stack : error);
  },
);
