package io.github.sparkrvm.distributed;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;

/** One training row as read from the input columns: features, label and weight (1 without a weight column). */
@DefaultSerializer(JavaSerializer.class) // Spark's Kryo (spark.serializer) cannot serialize records
public record TrainingRow(double[] features, double label, double weight) implements Serializable {}
