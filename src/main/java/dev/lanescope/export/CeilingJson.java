package dev.lanescope.export;

import java.util.OptionalDouble;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.parse.Jackson;

import dev.lanescope.analysis.ceiling.CeilingInputs;
import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.CeilingSeries;
import dev.lanescope.analysis.ceiling.EngineShape;
import dev.lanescope.analysis.ceiling.H2dRate;

/**
 * {@code lanescope ceiling --json}. Contract keys: {@code linkTimePerTokenMs}, {@code streamingTokensPerS} (null
 * when nothing crosses the link), {@code computeTokensPerS}, {@code memoryToLinkRatio}, {@code verdict}. Others
 * may be added.
 */
public final class CeilingJson {

    private static final ObjectMapper MAPPER = Jackson.mapper();

    private CeilingJson() {
    }

    public static ObjectNode of(CeilingResult r, H2dRate rate, CeilingSeries series) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("linkTimePerTokenMs", r.linkTimePerTokenMs());
        putOptional(o, "streamingTokensPerS", r.streamingTokensPerS());
        o.put("computeTokensPerS", r.computeTokensPerS());
        o.put("memoryToLinkRatio", r.memoryToLinkRatio());
        o.put("verdict", r.verdict());
        o.put("verdictKind", r.kind().name());
        o.put("streamingSlowdown", r.streamingSlowdown());
        o.put("missedBytesPerToken", r.missedBytesPerToken());
        o.put("transfersPerToken", r.transfersPerToken());
        o.put("effectiveLinkGbPerS", r.effectiveLinkGbPerS());
        o.put("overheadShare", r.overheadShare());
        putOptional(o, "crossoverLinkGbPerS", r.crossoverLinkGbPerS());
        putOptional(o, "crossoverHitRate", r.crossoverHitRate());
        ArrayNode notes = o.putArray("notes");
        r.notes().forEach(notes::add);

        CeilingInputs in = r.inputs();
        ObjectNode inputs = o.putObject("inputs");
        inputs.put("activeExpertBytesPerToken", in.activeExpertBytesPerToken());
        inputs.put("hitRate", in.hitRate());
        inputs.put("h2dGbPerS", in.h2dGbPerS());
        inputs.put("overheadUs", in.overheadUs());
        inputs.put("slabBytes", in.slabBytes());
        inputs.put("ramGbPerS", in.ramGbPerS());
        inputs.put("ramBytesPerToken", in.ramBytesPerToken());
        ObjectNode h2d = o.putObject("h2dSource");
        h2d.put("source", rate.source().name());
        h2d.put("note", rate.note());

        ArrayNode markers = o.putArray("markers");
        for (CeilingSeries.Marker m : series.markers()) {
            markers.addObject().put("link", m.label()).put("usableGbPerS", m.gbPerS())
                    .put("streamingTokensPerS", m.tokensPerS());
        }
        ArrayNode shapes = o.putArray("engineShapes");
        for (EngineShape.Row row : EngineShape.table()) {
            shapes.addObject().put("shape", row.shape().name()).put("engine", row.engine())
                    .put("crossesPciePerToken", row.crossesPcie()).put("linkMatters", row.linkMatters());
        }
        return o;
    }

    private static void putOptional(ObjectNode o, String key, OptionalDouble v) {
        if (v.isPresent()) o.put(key, v.getAsDouble());
        else o.putNull(key);
    }
}
