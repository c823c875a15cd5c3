import { foldVietnamese } from '../src/text/foldVietnamese';
import { SYMPTOMS, symptomCuePhrases, symptomsInText } from '../src/diagnostics';
import { symptomCodeSchema } from '../src/schemas';

describe('the symptom vocabulary', () => {
  it('has unique codes, a Vietnamese label and phrases for each symptom', () => {
    const codes = SYMPTOMS.map((symptom) => symptom.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const symptom of SYMPTOMS) {
      expect(symptom.label).toMatch(/\S/);
      expect(symptomCuePhrases(symptom.code).length).toBeGreaterThan(0);
    }
  });

  it('finds symptoms in free text with or without diacritics, as whole words', () => {
    expect(symptomsInText('Xe em dạo này tụt pin rất nhanh, đi không được xa như trước')).toEqual(['FAST_DRAIN', 'RANGE_DROP']);
    expect(symptomsInText('xe tut pin, sac khong vao dien')).toEqual(['NOT_CHARGING', 'FAST_DRAIN']);
    expect(symptomsInText('PHANH KÊU ken két mỗi sáng')).toEqual(['BRAKE_NOISE']);
    expect(symptomsInText('Hôm qua xe bị ngập nước, giờ không lên nguồn')).toEqual(['WATER_IN_BATTERY', 'WONT_START']);
    // Not inside another word: 'xe rungg' is not 'xe rung'.
    expect(symptomsInText('xe rungg')).toEqual([]);
    expect(symptomsInText('')).toEqual([]);
    expect(symptomsInText('Mọi thứ bình thường, chỉ muốn bảo dưỡng định kỳ')).toEqual([]);
  });

  it('keeps every phrase matchable: each one, folded, finds its own symptom', () => {
    for (const symptom of SYMPTOMS) for (const phrase of symptomCuePhrases(symptom.code)) expect({ phrase, found: symptomsInText(phrase) }).toEqual({ phrase, found: expect.arrayContaining([symptom.code]) });
    for (const symptom of SYMPTOMS) for (const phrase of symptomCuePhrases(symptom.code)) expect(foldVietnamese(phrase)).not.toBe('');
  });

  it('refuses a code outside the vocabulary with a Vietnamese message', () => {
    expect(symptomCodeSchema.safeParse('BRAKE_NOISE').success).toBe(true);
    expect(symptomCodeSchema.safeParse('KHONG_CO').error?.issues[0]?.message).toBe('Triệu chứng không có trong danh sách.');
  });
});
