package dev.lanescope.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.analysis.scaling.CaptureGpus;
import dev.lanescope.analysis.scaling.Fit;
import dev.lanescope.analysis.scaling.Measured;
import dev.lanescope.analysis.scaling.Prediction;
import dev.lanescope.analysis.scaling.Scaling;
import dev.lanescope.parse.Jackson;

/**
 * {@code lanescope scaling --json}. Contract keys: {@code verdict}; {@code predictions[]} {@code cards},
 * {@code split}, {@code tokensPerS}, {@code collectiveMsPerToken}, {@code weightsMsPerToken},
 * {@code fixedMsPerToken}, {@code fits}; {@code best}; {@code fitted} (null without measured points)
 * {@code collectiveMsPerAddedCard}, {@code fixedMsPerToken}, {@code allReduceStepUs}, {@code memGbPerS},
 * {@code worstErrorPercent}; {@code evidence} {@code source}, {@code description}; {@code assumptions[]}. Others
 * may be added.
 */
public final class ScalingJson {

    private static final ObjectMapper MAPPER = Jackson.mapper();

    private ScalingJson() {
    }

    public static ObjectNode of(Scaling.Result r, CaptureGpus capture) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("verdict", r.verdict());
        ArrayNode preds = o.putArray("predictions");
        r.predictions().forEach(p -> preds.add(prediction(p)));
        if (r.best().isPresent()) o.set("best", prediction(r.best().get()));
        else o.putNull("best");
        ArrayNode series = o.putArray("currentSplit");
        r.series().forEach(p -> series.add(prediction(p)));
        fitted(o, r);
        ArrayNode meas = o.putArray("measured");
        for (Measured m : r.inputs().measured()) {
            ObjectNode mo = meas.addObject();
            mo.put("cards", m.cards());
            mo.put("split", m.split().key());
            mo.put("tokensPerS", m.tokensPerS());
        }
        ObjectNode ev = o.putObject("evidence");
        ev.put("source", r.cost().evidence().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
        ev.put("description", r.cost().describe());
        ArrayNode as = o.putArray("assumptions");
        r.assumptions().forEach(as::add);
        ArrayNode notes = o.putArray("notes");
        r.notes().forEach(notes::add);
        inputs(o.putObject("inputs"), r);
        if (capture != null) capture(o.putObject("capture"), capture);
        return o;
    }

    /** The costs fitted to the measured points, or null without them. */
    private static void fitted(ObjectNode o, Scaling.Result r) {
        if (r.fit().isPresent()) {
            Fit f = r.fit().get();
            ObjectNode fo = o.putObject("fitted");
            putFinite(fo, "collectiveMsPerAddedCard", f.collectiveMsPerAddedCard());
            fo.put("fixedMsPerToken", f.fixedMs());
            putFinite(fo, "allReduceStepUs", f.stepUs());
            putFinite(fo, "memGbPerS", f.memGbPerS());
            fo.put("worstErrorPercent", f.worstErrorPct());
            fo.put("points", f.points());
        } else {
            o.putNull("fitted");
        }
    }

    /** What the prediction was computed from: the model, the rates, the card count. */
    private static void inputs(ObjectNode in, Scaling.Result r) {
        var m = r.inputs().model();
        in.put("model", m.label());
        in.put("layers", m.layers());
        in.put("hiddenSize", m.hiddenSize());
        in.put("allReducesPerLayer", m.allReducesPerLayer());
        in.put("activeBytesPerToken", m.activeBytesPerToken());
        in.put("storedBytes", m.storedBytes());
        in.put("allReduceMessageBytes", m.hiddenSize() * r.inputs().activationBytes());
        in.put("memGbPerS", r.inputs().memGbPerS());
        if (r.inputs().vramGb() != null) in.put("vramGb", r.inputs().vramGb());
        else in.putNull("vramGb");
        in.put("minCards", r.minCards());
        in.put("currentSplit", r.inputs().current().key());
    }

    /** The capture's GPUs, their cards and the peer path between them. */
    private static void capture(ObjectNode c, CaptureGpus capture) {
        ArrayNode g = c.putArray("gpus");
        capture.gpus().forEach(b -> g.add(b.toString()));
        c.put("deviceName", capture.deviceName());
        if (capture.worstClass().isPresent()) c.put("peerPathClass", capture.worstClass().get().name());
        else c.putNull("peerPathClass");
        putFinite(c, "linkGbPerS", capture.linkGbPerS());
        c.put("summary", capture.describe());
        ArrayNode cards = c.putArray("cards");
        for (CaptureGpus.Card k : capture.cards()) {
            ObjectNode n = cards.addObject();
            n.put("address", k.bdf().toString());
            n.put("name", k.name());
            n.put("vendor", k.vendor());
            if (k.preset().isPresent()) n.put("card", k.preset().get().key());
            else n.putNull("card");
        }
        if (capture.mixed() != null) c.put("mixed", capture.mixed());
        else c.putNull("mixed");
        c.put("nvlinks", capture.nvlinks());
    }

    private static ObjectNode prediction(Prediction p) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("cards", p.cards());
        n.put("split", p.split().key());
        // a count that cannot hold the model has no rate: "does not fit" (fits false) instead
        if (Boolean.FALSE.equals(p.fits())) n.putNull("tokensPerS");
        else n.put("tokensPerS", p.tokensPerS());
        n.put("collectiveMsPerToken", p.collectiveMs());
        n.put("weightsMsPerToken", p.weightsMs());
        n.put("fixedMsPerToken", p.fixedMs());
        if (p.fits() == null) n.putNull("fits");
        else n.put("fits", p.fits());
        return n;
    }

    private static void putFinite(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) o.put(key, v);
        else o.putNull(key);
    }
}
