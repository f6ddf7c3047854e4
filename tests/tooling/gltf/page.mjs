// One frame of a glTF export, drawn by three.js: load the model with GLTFLoader, pose it with an
// AnimationMixer at time t of a clip, draw it with an orthographic camera that maps image pixels to
// canvas pixels, and publish the canvas as a PNG data URL in window.frame (or window.frameError).
//
// Query parameters: model (URL), clip (animation name; none = rest pose), time (seconds),
// x0, y0 (image pixel at the canvas's top-left corner), width, height (canvas pixels), scale (canvas
// pixels per image pixel), ppu (image pixels per glTF unit, as exported), bg (r,g,b background, 0–255).
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

const q = new URLSearchParams(location.search);
const num = (name, fallback) => (q.has(name) ? Number(q.get(name)) : fallback);

async function draw() {
  const width = num('width', 256);
  const height = num('height', 256);
  const scale = num('scale', 1);
  const ppu = num('ppu', 100);
  const x0 = num('x0', 0);
  const y0 = num('y0', 0);
  const [r, g, b] = (q.get('bg') || '0,0,0').split(',').map(Number);

  const renderer = new THREE.WebGLRenderer({ antialias: false, preserveDrawingBuffer: true, alpha: false });
  renderer.setPixelRatio(1);
  renderer.setSize(width, height);
  renderer.setClearColor(new THREE.Color(`rgb(${r}, ${g}, ${b})`), 1);
  document.body.appendChild(renderer.domElement);

  // Image space (x right, y down, pixels) → glTF (x / ppu, −y / ppu): the camera's frame in glTF units.
  const left = x0 / ppu;
  const right = (x0 + width / scale) / ppu;
  const top = -y0 / ppu;
  const bottom = -(y0 + height / scale) / ppu;
  const camera = new THREE.OrthographicCamera(left, right, top, bottom, 0.01, 2000);
  camera.position.set(0, 0, 1000);
  camera.lookAt(0, 0, 0);

  const gltf = await new GLTFLoader().loadAsync(q.get('model'));
  const scene = new THREE.Scene();
  scene.add(gltf.scene);
  gltf.scene.traverse((o) => {
    o.frustumCulled = false;
  });
  const clipName = q.get('clip');
  if (clipName) {
    const clip = gltf.animations.find((a) => a.name === clipName);
    if (!clip) throw new Error(`no animation named ${clipName}`);
    const mixer = new THREE.AnimationMixer(gltf.scene);
    const action = mixer.clipAction(clip);
    action.setLoop(THREE.LoopRepeat, Infinity);
    action.play();
    mixer.setTime(num('time', 0));
  }
  renderer.render(scene, camera);
  return renderer.domElement.toDataURL('image/png');
}

draw().then(
  (url) => {
    window.frame = url;
  },
  (error) => {
    window.frameError = String(error && error.stack ? error.stack : error);
  },
);
