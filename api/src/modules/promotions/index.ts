/**
 * The promotions module's front door — promotion codes and their rules at checkout. Nothing else of the module is
 * imported from outside.
 */
export { toPromotion } from './promotionQueries';
export { insertEditedPromotion, saveEditedPromotion, setEditedPromotionActive, upsertPromotion, type PromotionEditorValues } from './promotionWrites';
export { givePromotionUseBack, retakePromotionUse, takePromotionUse } from './promotionUses';
export { promotionsRoutes } from './promotionsRoutes';
