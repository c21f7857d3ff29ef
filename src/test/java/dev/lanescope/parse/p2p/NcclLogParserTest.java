package dev.lanescope.parse.p2p;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Severity;
import dev.lanescope.model.p2p.ChannelTransport;
import dev.lanescope.model.p2p.NcclLog;
import dev.lanescope.model.p2p.Transport;
import dev.lanescope.parse.ParseResult;

/** NCCL_DEBUG=INFO channel lines of NCCL and RCCL from public threads (resources/p2p/source.txt). */
class NcclLogParserTest {

    private static NcclLog read(String f) {
        ParseResult<NcclLog> r = NcclLogParser.parse(f, P2pFixtures.lines(f));
        assertThat(r.problems()).isEmpty();
        return r.value();
    }

    @Test
    void shmChannelsAreReadAsStagedThroughHostMemory() {
        NcclLog log = read("nccl-shm-h800-issue1609.log");
        // 12 channel lines, all SHM/direct/direct between ranks 2 and 3 (CUDA devices 6 and 7)
        assertThat(log.channels()).hasSize(12).allMatch(c -> c.transport() == Transport.SHM);
        assertThat(log.betweenRanks(3, 2)).hasSize(12);
        ChannelTransport c = log.channels().get(0);
        assertThat(c.channel()).isEqualTo(7);
        assertThat(c.fromDev()).isEqualTo("6");
        assertThat(c.fromBus()).isNull(); // a device index, not a bus id
        assertThat(c.transport().direct()).isFalse();
        assertThat(c.host()).isEqualTo("tj5-sc-ai-h800r-dev01");
        assertThat(c.at().line()).isEqualTo(1);
    }

    @Test
    void rcclLinesGiveBusIdsAndTheirTransportWithoutTheCommTail() {
        NcclLog log = read("rccl-mi250x-issue1026.log");
        Map<Transport, Integer> n = NcclLog.count(log.channels());
        // 5 P2P/IPC lines inside a node, 4 NET/Socket lines between the two nodes
        assertThat(n).containsEntry(Transport.P2P_IPC, 5).containsEntry(Transport.NET, 4);
        ChannelTransport ipc = log.channels().get(4);
        // "7[ce000] -> 5[c6000] via P2P/IPC comm 0xfb16e30 nRanks 08"
        assertThat(ipc.via()).isEqualTo("P2P/IPC");
        assertThat(ipc.fromBus()).isEqualTo("0000:ce:00.0");
        assertThat(ipc.toBus()).isEqualTo("0000:c6:00.0");
        assertThat(log.channels().get(0).role()).isEqualTo("receive");
        assertThat(log.betweenBuses("0000:c6:00.0", "0000:ce:00.0")).hasSize(2);
    }

    @Test
    void aShortBusIdInACommLineIsStillAnAddress() {
        // NCCL 2.28 prints a cloud VM's 0000:00:06.0 as "busId 60" (our own H200 run); a channel bracket that short
        // would be a device index, the comm line's field never is
        ParseResult<NcclLog> r = NcclLogParser.parse("nccl.log", List.of(
                "vm:751:751 [0] NCCL INFO ncclCommInitRankConfig comm 0x3e178070 rank 0 nranks 1 cudaDev 0 nvmlDev 0"
                        + " busId 60 commId 0x67566f1b04027c54 - Init START",
                "vm:751:751 [0] NCCL INFO Check P2P Type isAllDirectP2p 1 directMode 0 isAllCudaP2p 1"));
        assertThat(r.value().rankBus()).containsExactly(Map.entry(0, "0000:00:06.0"));
        assertThat(r.value().rankOf("0000:00:06.0")).isZero();
    }

    @Test
    void olderBusIdsDecodeToPciAddresses() {
        // 101c0 is 0000:10:1c.0 (EC2 p4d), 3e000 is 0000:3e:00.0
        assertThat(read("nccl-ipc-read-ec2-issue527.log").channels().get(0).fromBus()).isEqualTo("0000:10:1d.0");
        NcclLog dp = read("nccl-direct-pointer-issue429.log");
        assertThat(dp.channels().get(0).fromBus()).isEqualTo("0000:3e:00.0");
        assertThat(dp.channels().get(0).transport()).isEqualTo(Transport.P2P_DIRECT);
        assertThat(dp.channels().get(0).via()).isEqualTo("P2P/direct pointer");
        assertThat(NcclLog.count(dp.channels())).containsEntry(Transport.NET, 3);
    }

    @Test
    void cumemAndTheOldestRingFormRead() {
        assertThat(NcclLog.count(read("nccl-cumem-h20-issue1189.log").channels()))
                .containsEntry(Transport.P2P_CUMEM, 5).containsEntry(Transport.NET, 9);
        NcclLog ring = read("nccl-ring-ipc-issue398.log");
        assertThat(ring.channels()).hasSize(13);
        ChannelTransport net = ring.channels().get(11);
        // "Ring 00 : 15 -> 0 [send] via NET/Socket/0": no brackets
        assertThat(net.fromRank()).isEqualTo(15);
        assertThat(net.toRank()).isZero();
        assertThat(net.fromDev()).isNull();
        assertThat(net.transport()).isEqualTo(Transport.NET);
    }

    @Test
    void aLogWithoutChannelLinesSaysHowToGetThem() {
        ParseResult<NcclLog> r = NcclLogParser.parse("w.log", List.of("host:1:1 [0] NCCL WARN something"));
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.severity()).isEqualTo(Severity.ERROR);
            assertThat(p.message()).contains("NCCL_DEBUG=INFO");
        });
        assertThat(NcclLogParser.busOf("1")).isNull();
    }
}
