package io.durabench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.catalogue.Catalogue;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every family that writes to its target (the catalogue's {@link BenchmarkFamily#noTargetIo} empty) has its benchmark
 * keep a {@link DeviceRecording}, in its class or one of its state classes, so a new family cannot leave the device
 * witness out unseen; and the one that writes nothing keeps none. FamilyDeviceWitnessIT shows the recordings count.
 */
class DeviceRecordingCoverageTest {

    @Test
    void everyFamilyThatWritesToItsTargetKeepsADeviceRecordingAndNoOtherDoes() throws ClassNotFoundException {
        List<String> wrong = new ArrayList<>();
        for (BenchmarkFamily f : Catalogue.families()) {
            Class<?> bench = Class.forName(f.className());
            boolean records = Stream.concat(Stream.of(bench), Stream.of(bench.getDeclaredClasses()))
                    .flatMap(c -> Stream.of(c.getDeclaredFields())).map(Field::getType).anyMatch(DeviceRecording.class::equals);
            if (records == f.noTargetIo().isPresent()) {
                wrong.add(f.simpleName() + (records ? " records the device witness, yet " + f.noTargetIo().get() : " writes to its target without a DeviceRecording"));
            }
        }
        assertEquals(List.of(), wrong);
    }
}
