package dev.lanescope.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.analysis.MoveAdvice;
import dev.lanescope.analysis.MoveCandidate;
import dev.lanescope.model.LinkState;

/**
 * {@code lanescope advise --json}, for scripts. Contract keys: {@code answer} (the sentence the window shows first),
 * {@code helps} (true, false, or null when the capture cannot tell), {@code candidates[]} with {@code port},
 * {@code predictedGbps} (null when unknown) and {@code why}, {@code current} (the card's own position, or null) and
 * {@code notes}. Others may be added; the README's CLI section lists them all.
 */
public final class AdviceJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private AdviceJson() {
    }

    public static ObjectNode of(MoveAdvice a) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("device", a.device().toString());
        o.put("answer", a.answer());
        if (a.helps() == null) o.putNull("helps");
        else o.put("helps", a.helps());
        putState(o, "cardCapable", a.cardCapable());
        o.put("ceilingNow", a.ceilingNow() == null ? null : a.ceilingNow().sentence());
        putGbps(o, "pathCapableGbps", a.pathCapableMbps());
        o.put("idleMeaning", a.idleMeaning());
        if (a.current() == null) o.putNull("current");
        else candidate(o.putObject("current"), a.current());
        ArrayNode cs = o.putArray("candidates");
        int rank = 1;
        for (MoveCandidate c : a.candidates()) {
            ObjectNode j = cs.addObject();
            j.put("rank", rank++);
            candidate(j, c);
        }
        ArrayNode notes = o.putArray("notes");
        a.notes().forEach(notes::add);
        return o;
    }

    private static void candidate(ObjectNode j, MoveCandidate c) {
        j.put("port", c.port().toString());
        j.put("label", c.label());
        putGbps(j, "predictedGbps", c.predictedMbps());
        putState(j, "predictedLink", c.predictedLink());
        j.put("why", c.why());
        j.put("limitedBy", c.limitedBy());
        if (c.occupant() == null) {
            j.putNull("swapWith");
        } else {
            ObjectNode s = j.putObject("swapWith");
            s.put("device", c.occupant().toString());
            s.put("name", c.occupantName());
        }
        j.put("sameModel", c.twin());
        j.put("chipset", c.chipset());
        j.put("atomics", c.atomics() == null ? null : c.atomics().words());
        ArrayNode peers = j.putArray("peers");
        c.peerClasses().forEach(peers::add);
        ArrayNode notes = j.putArray("notes");
        c.notes().forEach(notes::add);
        j.put("text", c.sentence());
    }

    private static void putGbps(ObjectNode o, String key, long mbps) {
        if (mbps < 0) o.putNull(key);
        else o.put(key, mbps / 1000.0);
    }

    private static void putState(ObjectNode o, String key, LinkState s) {
        if (s == null || !s.isKnown()) o.putNull(key);
        else o.put(key, s.display());
    }
}
