// Loads a Spine 4.2 skeleton JSON and its atlas with the official spine-core runtime, applies one
// animation at the given times and prints, per time, every slot's attachment, its colour (RGBA,
// 0-1), its world vertices (Spine's y-up units; none for a point attachment) and the draw order, as
// JSON on stdout. With SPINE_SKIN set in the environment, that skin is the skeleton's. A skeleton
// with physics constraints is simulated from rest at time 0 up to each time.
//
// Usage: [SPINE_SKIN=NAME] node pose.mjs SKELETON.json SKELETON.atlas ANIMATION T1 [T2 ...]
import { readFileSync } from "node:fs";
import {
  AtlasAttachmentLoader,
  MixBlend,
  MixDirection,
  Physics,
  Skeleton,
  SkeletonJson,
  Texture,
  TextureAtlas,
} from "@esotericsoftware/spine-core";

// The vertices do not need pixels: a texture that holds nothing.
class NoTexture extends Texture {
  setFilters() {}
  setWraps() {}
  dispose() {}
}

const [skeletonPath, atlasPath, animationName, ...timeArgs] = process.argv.slice(2);
if (!skeletonPath || !atlasPath || !animationName || timeArgs.length === 0) {
  console.error("usage: node pose.mjs SKELETON.json SKELETON.atlas ANIMATION T1 [T2 ...]");
  process.exit(2);
}
const atlas = new TextureAtlas(readFileSync(atlasPath, "utf8"));
for (const page of atlas.pages) page.setTexture(new NoTexture({ width: page.width, height: page.height }));
const data = new SkeletonJson(new AtlasAttachmentLoader(atlas)).readSkeletonData(
  readFileSync(skeletonPath, "utf8"),
);
const animation = data.findAnimation(animationName);
if (!animation) {
  console.error(`no animation "${animationName}" in ${skeletonPath}`);
  process.exit(1);
}
const skeleton = new Skeleton(data);
if (process.env.SPINE_SKIN) {
  skeleton.setSkinByName(process.env.SPINE_SKIN);
}
// The animation's pose at `time`, constraints not yet applied.
function poseAt(time) {
  skeleton.setToSetupPose();
  animation.apply(skeleton, time, time, false, [], 1, MixBlend.setup, MixDirection.mixIn);
}

// Physics runs from rest at the animation's start on limber's schedule (see limber's
// animation::physics_run): an update at 0 that records the bones, one every step of the finest
// physics constraint while the next is not past `time`, then one at `time` itself.
const physicsSteps = data.physicsConstraints.map((c) => c.step);
function settle(time) {
  if (physicsSteps.length === 0) {
    poseAt(time);
    skeleton.updateWorldTransform(Physics.update);
    return;
  }
  const step = Math.min(...physicsSteps);
  // Every run from rest: a constraint at mix 0 skips even Physics.reset, so reset them all here.
  skeleton.time = 0;
  for (const constraint of skeleton.physicsConstraints) constraint.reset();
  poseAt(0);
  skeleton.updateWorldTransform(Physics.reset);
  while (skeleton.time + step <= time) {
    skeleton.update(step);
    poseAt(skeleton.time);
    skeleton.updateWorldTransform(Physics.update);
  }
  if (skeleton.time < time) {
    skeleton.time = time;
    poseAt(time);
    skeleton.updateWorldTransform(Physics.update);
  }
}

const frames = timeArgs.map((arg) => {
  const time = Number(arg);
  settle(time);
  const slots = {};
  for (const slot of skeleton.slots) {
    const attachment = slot.getAttachment();
    const c = slot.color;
    const color = [c.r, c.g, c.b, c.a];
    if (!attachment || typeof attachment.computeWorldVertices !== "function") {
      slots[slot.data.name] = { attachment: attachment ? attachment.name : null, color, vertices: [] };
      continue;
    }
    const out = new Array(attachment.worldVerticesLength).fill(0);
    attachment.computeWorldVertices(slot, 0, attachment.worldVerticesLength, out, 0, 2);
    slots[slot.data.name] = { attachment: attachment.name, color, vertices: out };
  }
  return { time, duration: animation.duration, drawOrder: skeleton.drawOrder.map((s) => s.data.name), slots };
});
console.log(JSON.stringify(frames));
