package dev.lanescope.parse;

import java.util.List;

import dev.lanescope.model.Problem;

/** What a parser read, plus the located problems it met. A parser never throws on bad input: it reports. */
public record ParseResult<T>(T value, List<Problem> problems) {
    public ParseResult {
        problems = List.copyOf(problems);
    }
}
