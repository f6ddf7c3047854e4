// Reads a limber sprite-sheet atlas (argv[2]) with Phaser's own code: the texture atlas parser
// (JSONHash, which the `aseprite` loader also uses) on a stand-in texture that records each frame,
// then AnimationManager.createFromAseprite on a stand-in manager whose `create` records the
// animation it is given. Prints what Phaser made, as JSON, for the Rust test to check.
'use strict';

const fs = require('fs');
const path = require('path');
// Phaser's package exports only its bundles; its sources are read from the installed folder.
const phaser = path.join(__dirname, 'node_modules', 'phaser');
const AnimationManager = require(path.join(phaser, 'src/animations/AnimationManager.js'));
const JSONHash = require(path.join(phaser, 'src/textures/parsers/JSONHash.js'));

const json = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

const textureFrames = {};
const texture = {
    source: [{ width: json.meta.size.w, height: json.meta.size.h }],
    customData: {},
    add (name, sourceIndex, x, y, w, h) {
        if (name in textureFrames) {
            return null;
        }
        const frame = { x, y, w, h, trim: null, pivot: null };
        frame.setTrim = (sw, sh, tx, ty, tw, th) => { frame.trim = [sw, sh, tx, ty, tw, th]; };
        frame.updateUVsInverted = () => {};
        textureFrames[name] = frame;
        Object.defineProperty(frame, 'pivotX', { set (v) { frame.pivot = [v, frame.pivot ? frame.pivot[1] : null]; } });
        Object.defineProperty(frame, 'pivotY', { set (v) { frame.pivot = [frame.pivot ? frame.pivot[0] : null, v]; } });
        return frame;
    }
};
JSONHash(texture, 0, json);

const animations = [];
const manager = {
    game: { cache: { json: { get: () => json } } },
    create (config) {
        animations.push(config);
        return config;
    }
};
const made = AnimationManager.prototype.createFromAseprite.call(manager, 'sheet');

const frames = {};
for (const [name, f] of Object.entries(textureFrames)) {
    if (name !== '__BASE') {
        frames[name] = { x: f.x, y: f.y, w: f.w, h: f.h, trim: f.trim, pivot: f.pivot };
    }
}
process.stdout.write(JSON.stringify({
    created: made.length,
    animations: animations.map(a => ({
        key: a.key,
        duration: a.duration,
        frames: a.frames.map(f => f.frame),
        missing: a.frames.filter(f => !(f.frame in textureFrames)).length
    })),
    frames
}));
