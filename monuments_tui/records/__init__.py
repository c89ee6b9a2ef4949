"""Game records: export a save as text or JSON, import a text record, check a save.

The text record is for people (a reviewer, a teacher, a forum post): a header of
`[Key "value"]` lines (players, civilisations, mode, seed, date, result), then the line
of play by round and turn, one numbered command per line in the notation with its
outcomes (rolls, draws) as a `;` comment, then the final score table. Import needs only
the header and the command lines, since the seed fixes every roll and draw; the
comments are for reading. Export then import gives the same game, event for event.
"""

from monuments_tui.records.export import RECORD_FORMAT, RECORD_VERSION, export_json, export_text
from monuments_tui.records.save_check import check, format_check
from monuments_tui.records.scores import final_scores, result_line, score_table
from monuments_tui.records.text_import import RecordError, import_record, import_text, parse_record
from monuments_tui.saves.format import SaveError

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "RecordError",
    "SaveError",
    "check",
    "export_json",
    "export_text",
    "final_scores",
    "format_check",
    "import_record",
    "import_text",
    "parse_record",
    "result_line",
    "score_table",
]
