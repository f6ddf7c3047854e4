// Loads a Spine 4.2 skeleton JSON and its atlas with the official spine-core runtime and prints, as
// JSON on stdout, every mesh attachment of every skin with the texture coordinates the runtime
// computed for it on its atlas page (`MeshAttachment.uvs`, from the mesh's uvs and the region's
// bounds and offsets), the page's file name and size.
//
// Usage: node uvs.mjs SKELETON.json SKELETON.atlas
import { readFileSync } from "node:fs";
import { AtlasAttachmentLoader, MeshAttachment, SkeletonJson, Texture, TextureAtlas } from "@esotericsoftware/spine-core";

// The uvs do not need pixels: a texture that holds nothing.
class NoTexture extends Texture {
  setFilters() {}
  setWraps() {}
  dispose() {}
}

const [skeletonPath, atlasPath] = process.argv.slice(2);
if (!skeletonPath || !atlasPath) {
  console.error("usage: node uvs.mjs SKELETON.json SKELETON.atlas");
  process.exit(2);
}
const atlas = new TextureAtlas(readFileSync(atlasPath, "utf8"));
for (const page of atlas.pages) page.setTexture(new NoTexture({ width: page.width, height: page.height }));
const data = new SkeletonJson(new AtlasAttachmentLoader(atlas)).readSkeletonData(readFileSync(skeletonPath, "utf8"));
const meshes = [];
for (const skin of data.skins) {
  for (const entry of skin.getAttachments()) {
    const attachment = entry.attachment;
    if (!(attachment instanceof MeshAttachment)) continue;
    const page = attachment.region.page;
    meshes.push({
      slot: data.slots[entry.slotIndex].name,
      attachment: entry.name,
      page: page.name,
      pageWidth: page.width,
      pageHeight: page.height,
      pma: page.pma,
      uvs: Array.from(attachment.uvs),
    });
  }
}
console.log(JSON.stringify(meshes));
