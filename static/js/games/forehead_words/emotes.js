// Forehead words' emotes (the action bar): a mirror of the rules' catalogue
// (app/rules/forehead_words/emotes.py EMOTES, pinned to it by tests/web/test_forehead_words_emotes.py):
// each key with its pictogram and its English label, a message of the game's catalog. The view
// names the bar's emotes by key; the labels and pictures are the page's.

import { N_, t } from "../../lib/i18n.js";

const EMOTES = [
  ["raise_hand", "🙋", N_("Raise a hand")],
  ["sit_down", "🪑", N_("Sit down")],
  ["nod", "🙂", N_("Nod")],
  ["answer_question", "🗣️", N_("Answer a question")],
  ["stand_up", "🧍", N_("Stand up")],
  ["whisper", "🤫", N_("Whisper")],
  ["phone", "📱", N_("Play with a phone")],
  ["clap", "👏", N_("Clap")],
  ["laugh", "😂", N_("Laugh")],
  ["attention", "🫡", N_("Stand to attention")],
  ["at_ease", "😌", N_("Stand at ease")],
  ["parade_rest", "🧍‍♂️", N_("Parade rest")],
  ["march", "🥾", N_("March")],
  ["decline_act", "🙅", N_("Decline to put on an act")],
  ["dress_right", "👉", N_("Dress right")],
  ["count_off", "🔢", N_("Count off")],
  ["salute", "🎖️", N_("Salute")],
  ["squat", "🏋️", N_("Squat")],
  ["right_face", "↪️", N_("Right face")],
  ["halt", "✋", N_("Halt")],
  ["announce", "📣", N_("Announce the next act")],
  ["rehearse", "📝", N_("Rehearse")],
  ["speech", "🎤", N_("Give a speech")],
  ["recite", "📜", N_("Recite a poem")],
  ["pass_mic", "🎙️", N_("Pass the microphone")],
  ["bow", "🙇", N_("Bow")],
  ["chorus", "🎶", N_("Sing in chorus")],
  ["hold_hands", "🤝", N_("Hold hands")],
  ["perform", "🎭", N_("Perform an act")],
  ["pick_song", "📖", N_("Pick a song")],
  ["duet", "💑", N_("Sing a love duet")],
  ["refuse_sing", "🙊", N_("Refuse to sing")],
  ["high_five", "🙌", N_("High five")],
  ["nursery_rhyme", "🧸", N_("Sing a nursery rhyme")],
  ["toast", "🥂", N_("Raise a glass")],
  ["propose_game", "🎲", N_("Suggest a game")],
  ["refuse_perform", "🚫", N_("Refuse to perform")],
  ["sing_along", "👨‍👩‍👧", N_("Sing along together")],
  ["long_jump", "🦘", N_("Long jump")],
  ["discuss_rules", "📋", N_("Discuss the rules")],
  ["high_jump", "⤴️", N_("High jump")],
  ["run", "🏃", N_("Run")],
  ["neck_roll", "🔄", N_("Roll the neck")],
  ["sing", "🎵", N_("Sing")],
  ["folk_song", "🪕", N_("Sing a folk song")],
  ["push_ups", "💪", N_("Do push-ups")],
  ["jumping_jacks", "🤸", N_("Jumping jacks")],
  ["magic_trick", "🪄", N_("Do a magic trick")],
  ["hug_knees", "🧘", N_("Sit hugging the knees")],
  ["wave", "👋", N_("Wave")],
  ["shake_head", "🙃", N_("Shake the head")],
  ["shrug", "🤷", N_("Shrug")],
  ["thumbs_up", "👍", N_("Thumbs up")],
  ["thumbs_down", "👎", N_("Thumbs down")],
  ["facepalm", "🤦", N_("Facepalm")],
  ["wink", "😉", N_("Wink")],
  ["dance", "💃", N_("Dance")],
  ["yawn", "🥱", N_("Yawn")],
  ["sneeze", "🤧", N_("Sneeze")],
  ["stretch", "🙆", N_("Stretch")],
  ["cry", "😢", N_("Cry")],
  ["point", "☝️", N_("Point")],
  ["cross_arms", "🙅‍♂️", N_("Cross the arms")],
  ["scratch_head", "🤔", N_("Scratch the head")],
  ["cover_eyes", "🙈", N_("Cover the eyes")],
  ["blow_kiss", "😘", N_("Blow a kiss")],
  ["peace_sign", "✌️", N_("Peace sign")],
  ["fist_pump", "✊", N_("Fist pump")],
  ["jump", "⬆️", N_("Jump")],
  ["spin", "🌀", N_("Spin around")],
  ["sleep", "😴", N_("Fall asleep")],
  ["think", "💭", N_("Think hard")],
  ["eat", "🍜", N_("Eat")],
  ["sip_tea", "🍵", N_("Sip tea")],
  ["cough", "😷", N_("Cough")],
  ["whistle", "😗", N_("Whistle")],
  ["snap_fingers", "🫰", N_("Snap the fingers")],
  ["heart_hands", "🫶", N_("Heart hands")],
  ["ok_sign", "👌", N_("OK sign")],
  ["rub_eyes", "😵", N_("Rub the eyes")],
  ["stomp", "🦶", N_("Stomp")],
  ["kneel", "🧎", N_("Kneel")],
  ["lie_down", "🛌", N_("Lie down")],
  ["tiptoe", "🩰", N_("Tiptoe")],
  ["hide", "🫥", N_("Hide")],
  ["flex", "🦾", N_("Flex the muscles")],
  ["air_guitar", "🎸", N_("Play air guitar")],
  ["drum", "🥁", N_("Drum on the table")],
  ["take_photo", "📷", N_("Take a photo")],
  ["selfie", "🤳", N_("Take a selfie")],
  ["read_book", "📚", N_("Read a book")],
  ["write_notes", "✍️", N_("Take notes")],
  ["wipe_tears", "🥲", N_("Wipe away tears")],
  ["hug", "🫂", N_("Hug")],
  ["fan", "🪭", N_("Fan yourself")],
  ["shiver", "🥶", N_("Shiver")],
  ["sweat", "😅", N_("Wipe the sweat")],
  ["tip_hat", "🎩", N_("Tip the hat")],
];

const BY_KEY = new Map(EMOTES.map(([key, picture, label]) => [key, { picture, label }]));

/** An emote's pictogram ("❔" for a key this page does not know). */
export function emotePicture(key) {
  const emote = BY_KEY.get(key);
  return emote ? emote.picture : "\u2754";
}

/** An emote's label in the reader's language (its key, spaced, for one this page does not know). */
export function emoteName(key) {
  const emote = BY_KEY.get(key);
  return emote ? t(emote.label) : String(key).replace(/_/g, " ");
}

/** Every emote as [key, pictogram, English label], in the catalogue's order (for the tests). */
export function emoteCatalogue() {
  return EMOTES.map((row) => [...row]);
}
